"""The end of a hand and of a game at the play table."""

from __future__ import annotations

from hearts_lessons.state import Phase
from hearts_lessons.widgets.play import PlayTable


def _play_out(table: PlayTable) -> None:
    if table.hand.phase is Phase.PASSING:
        for card in table.hand.hand(0)[-table.hand.cards_to_pass :]:
            table.cards.click(card.code)
        table.cards.press("pass")
    while table.hand.phase is Phase.PLAYING:
        table.cards.click(table.hand.legal_plays(0)[0].code)


def test_the_reader_sees_the_end_of_the_game_and_can_start_another() -> None:
    table = PlayTable(seed=11, pace=0)
    for _ in range(40):
        _play_out(table)
        if table.game.is_over:
            break
        table.cards.press("next")
    assert table.game.is_over and max(table.game.totals) >= 100
    winners = ", ".join(["You", "West", "North", "East"][s] for s in table.game.winners)  # as the table says
    assert f"Game over. Lowest total wins: {winners}." in table.story.value
    assert table.cards.action("next")["label"] == "New game" and table.undo_button.disabled  # type: ignore[index]
    finished = table.game
    table.cards.press("next")
    assert table.game is not finished and table.game.totals == [0, 0, 0, 0] and not table.game.results


def test_undo_after_a_hand_takes_it_back_out_of_the_totals() -> None:
    table = PlayTable(seed=4, pace=0)
    _play_out(table)
    assert table.game.hand_scored and sum(table.game.totals) in (26, 78)
    table.undo_button.click()
    assert not table.game.hand_scored and table.game.totals == [0, 0, 0, 0]
    assert table.hand.phase is Phase.PLAYING and table.hand.to_play == 0


def test_the_last_tricks_message_says_the_hand_is_over_not_who_leads_next() -> None:
    """After every trick but the last the message says who leads the next trick; after the last, that the hand is
    over (nobody leads again), whoever took it."""
    for seed in (4, 11, 23):
        table = PlayTable(seed=seed, pace=0)
        if table.hand.phase is Phase.PASSING:
            for card in table.hand.hand(0)[-table.hand.cards_to_pass :]:
                table.cards.click(card.code)
            table.cards.press("pass")
        said = []
        while table.hand.phase is Phase.PLAYING:
            table.cards.click(table.hand.legal_plays(0)[0].code)
            said.append(table.message.text)
        assert all("next trick" in text for text in said[:-1]), said
        assert "next trick" not in said[-1] and "wins the last trick" in said[-1], said[-1]
        assert said[-1].endswith("and the play of the hand is over."), said[-1]
