"""Learn by doing: drills in stages with instant feedback, a rated puzzle ladder, and progress that is kept.

The inner shape follows ``haggis/``: data and logic first, widgets last.

- :mod:`~hearts_lessons.practice.drills`: what a drill is, how an answer is checked, stars by tries, the stages;
- :mod:`~hearts_lessons.practice.positions`: seeded positions from the bots' play, searched for a drill's goal;
- :mod:`~hearts_lessons.practice.rules_drills`, :mod:`~hearts_lessons.practice.strategy_drills` and
  :mod:`~hearts_lessons.practice.haggis_drills`: the stages — drills whose answers the engine computes (legal
  plays, trick winners, scores, the coach's measurements);
- :mod:`~hearts_lessons.practice.pictures`: the one function that draws a drill's position;
- :mod:`~hearts_lessons.practice.glicko2`: the rating of readers and puzzles;
- :mod:`~hearts_lessons.practice.ladder`: the puzzle file's format, its loader, and serving puzzles near a rating;
- :mod:`~hearts_lessons.practice.progress`: stars, rating and attempts in a small JSON file;
- :mod:`~hearts_lessons.practice.widgets`: the Stage, Ladder and Progress widgets (the only module importing
  ipywidgets).
"""
