// The card table's front end (anywidget ES module): draws the view model of hearts_lessons.tableview and sends
// clicks back as custom messages. No framework, no network: everything it shows comes from the model.
//   {event: "hello"}                   the view is drawn; Python answers {event: "ready"} (a page without a
//                                      kernel, such as the static book, never answers)
//   {event: "card", code, seat, seq}   a card was clicked, tapped, or chosen with Enter / Space; Python answers
//                                      {event: "done", seq} once its handlers have run
//   {event: "action", id}              a button of the table was pressed
//   {event: "clear"}                   Escape
// With the trait `optimistic` (a table whose click plays the card, or chooses it for the pass) and a kernel that
// said "ready", a click on a playable card of the hand is drawn at once: the card goes to the trick in front of
// its player, or is lifted as chosen. Python's view stays the truth: each new view is drawn with the guesses
// still waiting re-applied only where they still make sense, and "done" drops the click's guess, so a refused
// click snaps back (Python's message says why).
// Layout is computed here from the widget's own width (a ResizeObserver), so the table reads at 375 px, on a
// laptop, and with large cards on a projector: cards overlap only so far that their corner index stays visible,
// and the hand is one row. With the trait `fit` the whole table (seats, trick, hand, buttons, message) also fits
// the window's height below the table's top edge, less `--hl-fit-reserve` (a CSS length, for a bar kept free
// below the table): card sizes, plates and the oval shrink (or, with large cards, grow) until it does.
// Whatever a view leaves out is left out of the drawing: no missing value is ever printed.

const RATIO = 84 / 60; // a card's height over its width (the engine's art)
const CENTRE_MIN = 170; // px: narrower than this between the side seats, the centre words go below them
const INDEX_SHARE = 0.44; // the part of a card's width that must stay visible (its corner index)
const NARROW = 560; // px: below this the table uses its phone layout
const MIN_HAND = 36; // px: the narrowest card of a hand held in one row (its corner index still reads)
const FIT_MIN = 0.45; // the smallest scale `fit` shrinks the table's cards and plates to
const FIT_MAX_LARGE = 1.6; // the largest scale `fit` grows large cards to (a projector)
const FIT_MAX = 1.25; // the largest scale `fit` grows normal cards to (a laptop with room to spare)
const FIT_FLOOR = 220; // px: a fitted table is never shorter than this, however little room the window leaves
// The trick's ring for n seats: [rx / card width, ry / card height], at its natural width and at its narrowest.
// For each, no card of a full trick covers another's corner index (0.38 of its width by 0.36 of its height),
// whichever of the two was played last (tests/widgets/test_cardtable.py checks every pair).
const RINGS = {
  2: [[1.15, 0.62], [0.8, 0.5]],
  3: [[1.15, 0.62], [0.8, 0.7]],
  4: [[1.15, 0.62], [0.8, 1]],
  5: [[1.05, 0.9], [0.85, 1.45]],
  6: [[1.15, 1], [1.15, 1]],
  7: [[1.85, 1.2], [1.3, 1.5]],
  8: [[1.4, 1.4], [1.4, 1.4]],
  9: [[1.9, 1.7], [1.55, 2.25]],
  10: [[1.7, 2], [1.7, 2]],
};

function text(value) {
  // a value as words for a reader: numbers and strings only (never "undefined", "null", "NaN" or "[object")
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

function finite(value, fallback) {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

function fill(template, values) {
  // a sentence of the model's `words` with its {placeholders} filled (Python translated it: tr in cardtable.py)
  let out = text(template);
  for (const [key, value] of Object.entries(values || {})) out = out.split(`{${key}}`).join(text(value));
  return out;
}

function tidy(raw) {
  // the view with every list a list and every entry an object, so drawing never trips on a field left out
  const objects = (list) => (Array.isArray(list) ? list.filter((x) => x && typeof x === "object") : []);
  const view = raw && typeof raw === "object" ? { ...raw } : {};
  view.seats = objects(view.seats).map((s, i) => ({
    ...s, seat: Number.isInteger(s.seat) ? s.seat : i, x: finite(s.x, 0.5), y: finite(s.y, 0.5), angle: finite(s.angle, 0),
  }));
  view.hand = view.hand && typeof view.hand === "object" ? { ...view.hand, cards: objects(view.hand.cards) } : null;
  for (const key of ["trick", "last_trick"]) {
    const t = view[key];
    view[key] = t && typeof t === "object" ? { ...t, plays: objects(t.plays).filter((p) => p.card || p.cards) } : null;
  }
  view.actions = objects(view.actions);
  view.chips = objects(view.chips);
  for (const key of ["pass", "hole", "combo"]) if (!view[key] || typeof view[key] !== "object") view[key] = null;
  return view;
}

function h(tag, cls, attrs) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (attrs) for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, v);
  return node;
}

// Each distinct SVG is encoded once into a data: URI and named by a short number; a card's node remembers the
// number of its face, so a redraw compares two short strings and never re-encodes or re-decodes a picture.
const faces = new Map(); // svg text -> {id, url}
const FACE_LIMIT = 600; // a few decks' worth (Haggis variants, four-colour faces); forgotten in bulk beyond
let faceCount = 0; // never reused, so a number names one picture even after the cache is emptied

function faceOf(svg) {
  let face = faces.get(svg);
  if (!face) {
    if (faces.size >= FACE_LIMIT) faces.clear();
    face = { id: String(++faceCount), url: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg.trim()) };
    faces.set(svg, face);
  }
  return face;
}

function quietSvg(node, svg) {
  // The engine's SVG art is drawn as a picture with no text of its own (alt=""): the element around it carries
  // the card's accessible name, and the face's corner letters must not be read out as extra text.
  const face = faceOf(svg);
  if (node.dataset.face === face.id) return;
  node.dataset.face = face.id;
  let img = node.firstElementChild;
  if (!img || img.tagName !== "IMG" || node.childNodes.length !== 1) {
    node.textContent = "";
    img = h("img", "hl-ct-face", { alt: "", draggable: "false" });
    node.appendChild(img);
  }
  img.src = face.url;
}

function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function sizes(width, large, kind, players, scale) {
  // card and plate sizes for a table `width` px wide, at `scale` (1: the natural size; `fit` changes it)
  const narrow = width < NARROW;
  let hand = (large ? (narrow ? 84 : 112) : narrow ? 60 : 76) * scale;
  let trick = (large ? (narrow ? 66 : 96) : narrow ? 48 : 64) * scale;
  if (players >= 6) trick *= 0.86;
  if (kind === "trick") trick *= 0.8;
  const back = Math.max(11, Math.round((large ? 30 : narrow ? 18 : 22) * scale));
  const base = large ? (narrow ? 14 : 17) : narrow ? 12 : 13;
  const font = Math.max(11, Math.min(24, Math.round(base * (0.5 + 0.5 * scale))));
  return { narrow, scale, hand: Math.round(hand), trick: Math.max(30, Math.round(trick)), back, font };
}

function render({ model, el }) {
  // every word the table writes itself comes from Python, in the book's language (CardTable.words)
  const say = (key, values) => {
    const words = model.get("words");
    return fill(words && typeof words === "object" ? words[key] : "", values);
  };
  const root = h("div", "hl-ct", { role: "region" });
  el.appendChild(root);
  const top = h("div", "hl-ct-top");
  const title = h("div", "hl-ct-title");
  const status = h("div", "hl-ct-status");
  const chips = h("div", "hl-ct-chips");
  const hearts = h("span", "hl-ct-chip hl-ct-hearts");
  const lastButton = h("button", "hl-ct-button hl-ct-last-button", { type: "button", "aria-expanded": "false" });
  lastButton.textContent = say("last_trick");
  const extraChips = h("span", "hl-ct-extra-chips");
  chips.append(extraChips, hearts, lastButton);
  top.append(title, status, chips);
  const felt = h("div", "hl-ct-felt");
  const oval = h("div", "hl-ct-oval", { "aria-hidden": "true" });
  const seatLayer = h("div", "hl-ct-seats");
  const trickLayer = h("div", "hl-ct-trick", { role: "group" });
  const centre = h("div", "hl-ct-centre");
  const lastPanel = h("div", "hl-ct-lastpanel", { role: "group" });
  felt.append(oval, seatLayer, trickLayer, centre, lastPanel);
  const message = h("div", "hl-ct-message", { role: "status", "aria-live": "polite" });
  const actions = h("div", "hl-ct-actions");
  const dock = h("div", "hl-ct-dock"); // the message and the table's buttons, on one line when they fit
  dock.append(message, actions);
  const handBox = h("div", "hl-ct-hand", { role: "group" });
  const hole = h("div", "hl-ct-hole", { role: "group" });
  const probe = h("div", "hl-ct-reserve", { "aria-hidden": "true" }); // measures --hl-fit-reserve in px
  root.append(top, felt, hole, dock, handBox, probe);

  const state = { width: 0, cards: new Map(), trickKey: "", collectTimer: 0, focusCode: null, trickCards: new Map(),
                  handMax: 0, handFor: "", fitKey: "", fitScale: 1, room: 0 };
  // Clicks drawn before Python answered them: {seq, kind: "play" | "pass", code, selected}, oldest first.
  const guesses = [];
  const viewId = Math.random().toString(36).slice(2, 10); // several views of one model number clicks apart
  let clicks = 0;
  let listening = false; // Python answered "hello": a kernel runs this table's handlers
  let shown = null; // the view as drawn (Python's, with the guesses still waiting)

  function send(content) {
    model.send(content);
  }

  lastButton.addEventListener("click", () => {
    model.set("show_last", !model.get("show_last"));
    model.save_changes();
  });

  // -- keyboard: roving tabindex over the hand's cards ------------------------------------------------------
  handBox.addEventListener("keydown", (event) => {
    const cards = [...handBox.querySelectorAll(".hl-ct-card")];
    if (!cards.length) return;
    const at = cards.indexOf(document.activeElement);
    let next = -1;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = at < 0 ? 0 : Math.min(cards.length - 1, at + 1);
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = at < 0 ? 0 : Math.max(0, at - 1);
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = cards.length - 1;
    else if (event.key === "Escape") {
      event.preventDefault();
      send({ event: "clear" });
      return;
    } else if ((event.key === "Enter" || event.key === " ") && at >= 0) {
      event.preventDefault();
      choose(cards[at]);
      return;
    } else return;
    event.preventDefault();
    focusCard(cards, next);
  });
  root.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && !handBox.contains(event.target)) send({ event: "clear" });
  });

  function focusCard(cards, index) {
    cards.forEach((c, i) => c.setAttribute("tabindex", i === index ? "0" : "-1"));
    const card = cards[index];
    if (card) {
      state.focusCode = card.dataset.code;
      card.focus();
    }
  }

  function choose(node) {
    state.focusCode = node.dataset.code;
    const seat = node.dataset.seat === "" ? null : Number(node.dataset.seat);
    const seq = `${viewId}:${++clicks}`;
    send({ event: "card", code: node.dataset.code, seat, seq });
    const guess = handBox.contains(node) ? guessFor(node.dataset.code) : null;
    if (guess) {
      guess.seq = seq;
      guesses.push(guess);
      draw();
    }
  }

  // -- drawing a click before Python answers ----------------------------------------------------------------
  function guessFor(code) {
    // what a click on this card of the hand will do, as the table now shows it; null: no guess, wait for Python
    if (!listening || !model.get("optimistic") || !shown || !shown.hand) return null;
    const hand = shown.hand;
    const entry = hand.cards.find((c) => c.code === code);
    if (!entry || !entry.playable) return null;
    if (hand.mode === "play") return { kind: "play", code };
    if (hand.mode === "pass" && shown.pass) {
      if (entry.selected) return { kind: "pass", code, selected: false };
      const chosen = hand.cards.filter((c) => c.selected).length;
      return chosen < shown.pass.count ? { kind: "pass", code, selected: true } : null;
    }
    return null;
  }

  function predicted(base) {
    // Python's view with the waiting guesses applied where they still make sense (a card Python has already
    // played is not in the hand any more; a card Python has already lifted needs no lifting): [view, applied]
    if (!guesses.length || !base.hand || !Array.isArray(base.hand.cards)) return [base, 0];
    const view = {
      ...base,
      hand: { ...base.hand, cards: base.hand.cards.map((c) => ({ ...c })) },
      seats: (base.seats || []).map((s) => ({ ...s })),
      trick: base.trick ? { ...base.trick, plays: [...base.trick.plays] } : null,
      pass: base.pass ? { ...base.pass } : null,
    };
    let applied = 0;
    for (const guess of guesses) {
      const hand = view.hand;
      const at = hand.cards.findIndex((c) => c.code === guess.code);
      if (at < 0) continue;
      const entry = hand.cards[at];
      if (guess.kind === "play") {
        if (hand.mode !== "play" || !entry.playable) continue;
        hand.cards.splice(at, 1);
        hand.mode = "view";
        for (const c of hand.cards) c.playable = false;
        const you = view.seats.find((s) => s.seat === hand.seat) || view.seats.find((s) => s.you);
        if (!you) continue;
        you.turn = false;
        you.count = Math.max(0, (you.count || 0) - 1);
        const words = say("played_by", { who: you.name, card: entry.short });
        if (!view.trick || view.trick.complete) {
          const before = view.trick || view.last_trick;
          const number = before && typeof before.number === "number" ? before.number + 1 : 0;
          view.trick = { number, complete: false, winner: null, label: say("trick_label", { number: number + 1, words }), plays: [] };
        } else {
          view.trick.label = `${view.trick.label}, ${words}`;
        }
        view.trick.plays.push({ seat: you.seat, winner: false, card: entry });
        applied++;
      } else if (guess.kind === "pass") {
        if (hand.mode !== "pass" || !entry.playable || Boolean(entry.selected) === guess.selected) continue;
        entry.selected = guess.selected;
        if (view.pass) view.pass.chosen = Math.max(0, (view.pass.chosen || 0) + (guess.selected ? 1 : -1));
        applied++;
      }
    }
    return [view, applied];
  }

  model.on("msg:custom", (content) => {
    if (!content || typeof content !== "object") return;
    if (content.event === "ready") listening = true;
    else if (content.event === "done") {
      // Python has handled the click: its view (sent before this) is the truth; a guess it did not confirm is undone
      const at = guesses.findIndex((g) => g.seq === content.seq);
      if (at >= 0) {
        guesses.splice(0, at + 1);
        draw();
      }
    }
  });
  // -- drawing --------------------------------------------------------------------------------------------
  function cardNode(entry, cls) {
    const node = h("div", cls, { role: "button" });
    node.dataset.code = text(entry.code);
    node.dataset.seat = Number.isInteger(entry.seat) ? String(entry.seat) : "";
    node.addEventListener("click", () => choose(node));
    return node;
  }

  function cardWords(entry) {
    return text(entry.label) || text(entry.name) || text(entry.short) || say("a_card");
  }

  function updateCard(node, entry, interactive) {
    quietSvg(node, text(entry.svg));
    node.setAttribute("aria-label", cardWords(entry));
    const reason = text(entry.reason);
    node.title = reason ? `${text(entry.short) || text(entry.name)}: ${reason}` : cardWords(entry);
    node.classList.toggle("is-playable", Boolean(entry.playable));
    node.classList.toggle("is-dimmed", interactive && !entry.playable);
    node.classList.toggle("is-selected", Boolean(entry.selected));
    if (interactive) node.setAttribute("aria-pressed", entry.selected ? "true" : "false");
    else node.removeAttribute("aria-pressed");
  }

  function drawHand(view, sz) {
    const hand = view.hand;
    if (!hand) {
      handBox.hidden = true;
      state.cards.clear();
      handBox.replaceChildren();
      return;
    }
    handBox.hidden = false;
    const mode = text(hand.mode) || "view";
    handBox.setAttribute("aria-label", mode === "pass" ? say("hand_to_pass", { hand: text(hand.label) || say("your_hand") })
      : text(hand.label) || say("your_hand"));
    const interactive = mode === "play" || mode === "pass" || mode === "choose";
    handBox.classList.toggle("is-passing", mode === "pass");
    const hadFocus = handBox.contains(document.activeElement);
    const keep = new Set(hand.cards.map((c) => text(c.code)));
    for (const [code, node] of state.cards) if (!keep.has(code)) { node.remove(); state.cards.delete(code); }
    // the hand's width is measured once per table width (reading it after every redraw forced a second layout)
    if (state.handWidthFor !== state.width || !state.handWidth) {
      state.handWidth = handBox.clientWidth;
      state.handWidthFor = state.width;
    }
    const avail = Math.max(MIN_HAND, state.handWidth || state.width - 16);
    const n = hand.cards.length;
    // cards keep their size through a deal (they do not grow as the hand empties): sized for the most cards held
    const deal = `${view.players}|${view.kind}|${state.width}`;
    if (state.handFor !== deal || n > state.handMax) {
      state.handFor = deal;
      state.handMax = n;
    }
    const most = Math.max(n, state.handMax);
    // one row, overlapped so far that every corner index shows; rows only for more cards than a row can hold
    // readably (a whole deck to pick from)
    const oneRow = most > 1 ? Math.floor(avail / (1 + (most - 1) * INDEX_SHARE)) : avail;
    const w = oneRow >= MIN_HAND ? Math.min(sz.hand, oneRow) : Math.max(MIN_HAND, Math.min(sz.hand, 64));
    const ht = Math.round(w * RATIO);
    const minStep = Math.ceil(w * INDEX_SHARE);
    const perRow = oneRow >= MIN_HAND ? Math.max(n, 1) : Math.max(1, Math.floor((avail - w) / minStep) + 1);
    const rows = Math.max(1, Math.ceil(n / perRow));
    const inRow = Math.ceil(n / rows);
    const lift = Math.round(w * 0.2);
    const raiseMost = Math.ceil(lift * 1.6);
    const rowGap = Math.round(ht * 0.5) + raiseMost; // a lifted card never reaches the corners of the row above
    let order = 0;
    const nodes = [];
    hand.cards.forEach((entry, i) => {
      const code = text(entry.code);
      let node = state.cards.get(code);
      if (!node) {
        node = cardNode(entry, "hl-ct-card");
        state.cards.set(code, node);
      }
      updateCard(node, entry, interactive);
      const row = Math.floor(i / inRow);
      const col = i % inRow;
      const count = row === rows - 1 ? n - inRow * (rows - 1) : inRow;
      const step = count > 1 ? Math.min(Math.round(w * 0.64), (avail - w) / (count - 1)) : 0;
      const width = step * (count - 1) + w;
      const left = Math.round((avail - width) / 2 + col * step);
      const topPx = raiseMost + 4 + row * rowGap;
      node.style.width = `${w}px`;
      node.style.height = `${ht}px`;
      node.style.left = `${left}px`;
      node.style.top = `${topPx}px`;
      node.style.zIndex = String(++order);
      const raise = entry.selected ? raiseMost : interactive && entry.playable ? lift : 0;
      node.style.setProperty("--lift", `${-raise}px`);
      nodes.push(node);
    });
    handBox.dataset.rows = String(rows);
    // keep DOM order = reading order, for screen readers and Tab
    nodes.forEach((node, i) => { if (handBox.children[i] !== node) handBox.insertBefore(node, handBox.children[i] || null); });
    handBox.style.height = `${raiseMost + 4 + (rows - 1) * rowGap + ht + 6}px`;
    // roving tabindex: one card in the Tab order, focus kept on the same card (or its neighbour) after a redraw
    let focusIndex = nodes.findIndex((node) => node.dataset.code === state.focusCode);
    if (focusIndex < 0) focusIndex = Math.min(state.lastFocusIndex ?? 0, nodes.length - 1);
    nodes.forEach((node, i) => node.setAttribute("tabindex", i === Math.max(0, focusIndex) ? "0" : "-1"));
    state.lastFocusIndex = Math.max(0, focusIndex);
    if (hadFocus && nodes.length && !handBox.contains(document.activeElement)) nodes[Math.max(0, focusIndex)].focus();
  }

  function feltWidth() {
    return Math.max(220, felt.clientWidth || state.width - 28);
  }

  function feltGeometry(view, sz, plates) {
    // the felt's height follows the seats' plates as drawn (measured), so no plate ever covers the trick
    // new plates are all written before any is measured (one layout for all, not one per plate); a kept plate
    // keeps its box
    const fresh = plates.filter(({ plate }) => !plate._box);
    for (const { plate } of fresh) {
      plate.style.left = "0px";
      plate.style.top = "0px";
    }
    trimPlates(fresh.map(({ plate }) => plate));
    for (const { plate } of fresh) plate._box = { w: plate.offsetWidth, h: plate.offsetHeight };
    const W = feltWidth();
    const n = view.seats.length;
    let plateH = 0;
    let sideW = 0; // how far the side seats' plates reach in from the felt's edge
    for (const { seat, plate } of plates) {
      const box = plate._box;
      plateH = Math.max(plateH, box.h);
      if (seat.x < 0.2 || seat.x > 0.8) sideW = Math.max(sideW, box.w + Math.min(seat.x, 1 - seat.x) * (W - box.w - 8));
    }
    // The trick's cards lie on a ring around the middle, each in front of its player, and no plate may cover any
    // of them: the felt grows until the ring fits between the plates above and below it (a seat part-way down
    // the side moves as the felt grows), and where a plate still covers a place of the ring (a plate beside it,
    // on a narrow felt) the cards get smaller, down to 30 px, rather than slide under the plate.
    const margin = view.kind === "trick" ? 4 : 12;
    let tw = Math.max(30, Math.min(sz.trick, Math.floor(W / 4)));
    let g = null;
    for (let attempt = 0; attempt < 24; attempt++) {
      // each size is tried with the ring at its natural width, then drawn in to its narrowest (0.8 tw)
      const narrowest = attempt % 2 === 1;
      const [ax, ay] = (RINGS[n] || [[0.17 * n, 0.2 * n], [0.17 * n, 0.2 * n]])[narrowest ? 1 : 0];
      const th = Math.round(tw * RATIO);
      const rx = Math.min(tw * ax, W / 2 - tw / 2 - 6);
      const ry = th * ay;
      const ring = 2 * (ry + th / 2);
      g = { W, H: Math.max(plateH + 8, ring + 2 * margin), tw, th, rx, ry, sideW };
      for (let i = 0; i < 8; i++) {
        const band = ringBand(plates, g);
        const short = ring + 2 * margin - (band.below - band.above);
        if (short <= 0.5) break;
        g.H += Math.max(1, short);
      }
      g.cy = ringCentre(plates, g);
      if ((tw <= 30 && narrowest) || !ringCovered(view, plates, g)) break;
      if (narrowest) tw = Math.max(30, Math.floor(tw * 0.92));
    }
    // no two plates may overlap: where two seats are close across, they must be far enough apart down
    for (let i = 0; i < plates.length; i++) {
      for (let j = i + 1; j < plates.length; j++) {
        const a = plates[i], b = plates[j];
        const dx = Math.abs(a.seat.x - b.seat.x) * (W - Math.max(a.plate._box.w, b.plate._box.w) - 8);
        const dy = Math.abs(a.seat.y - b.seat.y);
        if (dx >= (a.plate._box.w + b.plate._box.w) / 2 + 4 || dy < 0.01) continue;
        const need = (a.plate._box.h + b.plate._box.h) / 2 + 6;
        g.H = Math.max(g.H, need / dy + plateH + 8);
      }
    }
    g.H = Math.round(g.H);
    g.cy = ringCentre(plates, g);
    return g;
  }

  function plateBox(seat, plate, g) {
    const p = seatPoint(seat, g, plate);
    const box = plate._box || { w: 0, h: 0 };
    return { l: p.x - box.w / 2, r: p.x + box.w / 2, t: p.y - box.h / 2, b: p.y + box.h / 2 };
  }

  function ringBand(plates, g) {
    // the band of felt between the plates above the ring and the plates below it, among those that reach over
    // the ring's width (a plate beside the ring, near the middle's level, is not above nor below it: the ring's
    // cards get smaller rather than the felt taller)
    const left = g.W / 2 - g.rx - g.tw / 2;
    const right = g.W / 2 + g.rx + g.tw / 2;
    let above = 0;
    let below = g.H;
    for (const { seat, plate } of plates) {
      if (Math.abs(seat.y - 0.5) < 0.2) continue;
      const b = plateBox(seat, plate, g);
      if (b.r < left || b.l > right) continue;
      if (seat.y < 0.5) above = Math.max(above, b.b);
      else below = Math.min(below, b.t);
    }
    return { above, below };
  }

  function ringCentre(plates, g) {
    // halfway between the plates above the ring and those below it (a seat's plate with its backs is taller
    // than yours): an even margin of felt on both sides
    const { above, below } = ringBand(plates, g);
    return below - above >= 2 * (g.ry + g.th / 2) ? (above + below) / 2 : g.H / 2;
  }

  function ringCovered(view, plates, g) {
    // whether a plate covers a place of the ring (every seat's place, played or not: the layout stays put)
    const boxes = plates.map(({ seat, plate }) => plateBox(seat, plate, g));
    return view.seats.some((seat) => {
      const p = trickPoint(seat, g);
      const c = { l: p.x - g.tw / 2, r: p.x + g.tw / 2, t: p.y - g.th / 2, b: p.y + g.th / 2 };
      return boxes.some((b) => c.l < b.r + 2 && b.l < c.r + 2 && c.t < b.b + 2 && b.t < c.b + 2);
    });
  }

  function seatPoint(seat, g, plate) {
    const box = (plate && plate._box) || { w: 100, h: 60 };
    return {
      x: box.w / 2 + 4 + seat.x * (g.W - box.w - 8),
      y: box.h / 2 + 4 + seat.y * (g.H - box.h - 8),
    };
  }

  function trickPoint(seat, g) {
    const a = (seat.angle * Math.PI) / 180;
    return { x: g.W / 2 - g.rx * Math.sin(a), y: (g.cy ?? g.H / 2) + g.ry * Math.cos(a) };
  }

  // -- additions for other games (Haggis): face-up cards beside a seat's backs, a combination in the middle --
  function shownRow(cards, sz) {
    // a seat's face-up cards (Haggis: the wilds), small, not interactive
    const row = h("div", "hl-ct-shown");
    const w = Math.max(24, Math.round((sz.narrow ? 30 : sz.font > 14 ? 46 : 38) * Math.min(1, sz.scale)));
    row.style.height = `${Math.round(w * RATIO)}px`;
    cards.forEach((entry, i) => {
      const pic = h("span", "hl-ct-shown-card", { role: "img", "aria-label": cardWords(entry) });
      quietSvg(pic, text(entry.svg));
      pic.title = cardWords(entry);
      pic.style.width = `${w}px`;
      pic.style.height = `${Math.round(w * RATIO)}px`;
      pic.style.marginLeft = i ? `${-Math.round(w * 0.22)}px` : "0";
      row.append(pic);
    });
    return row;
  }

  function comboBlock(combo, sz, avail) {
    const box = h("div", "hl-ct-combo" + (combo.bomb ? " is-bomb" : ""), { role: "group", "aria-label": text(combo.label) || text(combo.caption) || null });
    const cap = h("div", "hl-ct-combo-caption");
    if (combo.bomb) {
      const tag = h("span", "hl-ct-bomb-tag");
      tag.textContent = say("bomb");
      cap.append(tag, " ");
    }
    cap.append(text(combo.caption));
    box.append(cap);
    const cards = Array.isArray(combo.cards) ? combo.cards.filter((c) => c && typeof c === "object") : [];
    if (cards.length) {
      const w = sz.trick;
      const ht = Math.round(w * RATIO);
      const minStep = Math.max(Math.ceil(w * INDEX_SHARE), 22);
      const perRow = Math.max(1, Math.floor((avail - w) / minStep) + 1);
      const rows = Math.ceil(cards.length / perRow);
      const inRow = Math.ceil(cards.length / rows);
      for (let r = 0; r < rows; r++) {
        const part = cards.slice(r * inRow, (r + 1) * inRow);
        const step = part.length > 1 ? Math.min(Math.round(w * 0.72), (avail - w) / (part.length - 1)) : 0;
        const row = h("div", "hl-ct-combo-row");
        row.style.width = `${Math.round(w + step * (part.length - 1))}px`;
        row.style.height = `${ht}px`;
        part.forEach((entry, i) => {
          const pic = h("div", "hl-ct-combo-card", { role: "img", "aria-label": text(entry.name) || cardWords(entry) });
          quietSvg(pic, text(entry.svg));
          pic.style.width = `${w}px`;
          pic.style.height = `${ht}px`;
          pic.style.left = `${Math.round(i * step)}px`;
          pic.style.zIndex = String(i + 1);
          row.append(pic);
        });
        box.append(row);
      }
    }
    const history = Array.isArray(combo.history) ? combo.history.map(text).filter(Boolean) : [];
    if (history.length) {
      const line = h("div", "hl-ct-combo-line");
      line.textContent = say("before", { history: history.join(" → ") });
      box.append(line);
    }
    if (text(combo.note)) {
      const line = h("div", "hl-ct-combo-line");
      line.textContent = text(combo.note);
      box.append(line);
    }
    return box;
  }

  function placeCombo(view, sz, g, plates) {
    const avail = Math.max(120, g.W - 24);
    centre.style.maxWidth = `${g.W - 8}px`;
    centre.append(comboBlock(view.combo, sz, avail));
    placeBetween(g, plates);
  }

  function placeBetween(g, plates) {
    // what is in the centre sits between the other seats' plates and yours, as wide as the felt; the felt grows
    // until it fits (a combination, or words too wide for the gap between the side seats on a narrow screen)
    centre.style.maxWidth = `${g.W - 8}px`;
    const need = centre.offsetHeight + 16;
    const you = plates.find((p) => p.seat.you);
    const others = plates.filter((p) => !p.seat.you);
    const hy = you ? you.plate._box.h : 0;
    let H = g.H;
    for (const { seat, plate } of others) {
      const hi = plate._box.h;
      const base = hi + 4 - seat.y * (hi + 8);
      H = Math.max(H, Math.ceil((need + 4 + hy + base) / Math.max(0.2, 1 - seat.y)));
    }
    if (H !== g.H) {
      g.H = H;
      felt.style.height = `${H}px`;
      placeSeats(plates, g);
    }
    const below = Math.max(0, ...others.map(({ seat, plate }) => plate._box.h + 4 + seat.y * (H - plate._box.h - 8)));
    const youTop = you ? H - 4 - hy : H;
    centre.style.top = `${Math.round((below + youTop) / 2)}px`;
  }

  // -- the seats ------------------------------------------------------------------------------------------
  function seatFacts(seat) {
    // what a plate says after the name, always the same facts in the same order (none is ever dropped): the
    // hand's facts (tricks, then points taken, or once the hand is scored its score) on the facts line, each
    // kept whole, then the seat's voids and another game's facts; the running total on a line of its own
    const facts = [];
    const tricks = finite(seat.tricks, null);
    if (tricks !== null) facts.push({ words: say(tricks === 1 ? "tricks_one" : "tricks_many", { n: tricks }), hand: true });
    const points = text(seat.scored) || text(seat.points);
    if (points) facts.push({ words: points, hand: true });
    const voids = Array.isArray(seat.voids) ? seat.voids.map(text).filter(Boolean) : [];
    if (voids.length) facts.push({ words: say("void", { suits: voids.join("") }) });
    for (const fact of Array.isArray(seat.facts) ? seat.facts : []) {
      if (fact && typeof fact === "object" && text(fact.text)) facts.push({ words: text(fact.text) });
    }
    return facts;
  }

  function factsLine(facts) {
    // the facts line: each fact whole (it never breaks inside), the line breaking only between them
    const line = h("div", "hl-ct-seat-info hl-ct-seat-facts");
    facts.forEach((fact, i) => {
      if (i) {
        const sep = h("span", "hl-ct-sep", { "aria-hidden": "true" });
        sep.textContent = " · ";
        line.append(sep);
      }
      const piece = h("span", `hl-ct-fact${fact.hand ? " is-hand" : ""}`);
      piece.textContent = fact.words;
      line.append(piece);
    });
    return line;
  }

  function widest(words) {
    // the same words with every number as wide as a hand's numbers get (two wide digits), so that whether the
    // hand's facts share a line depends on the plate's width, never on the numbers of the moment
    return words.replace(/\d+/g, "88") + "s";
  }

  function trimPlates(list) {
    // a plate's name line stays one line: on a narrow plate the turn pill goes first (the gold border still
    // shows whose turn it is), then the name wraps. The hand's facts (tricks, points) share a line where they
    // would fit with the largest numbers, else each takes a line of its own: the same layout whatever the
    // numbers; nothing is dropped
    const over = (line) => line && line.scrollWidth > line.clientWidth + 1;
    for (const plate of list) {
      const line = plate._info;
      const hand = line ? [...line.querySelectorAll(".hl-ct-fact.is-hand")] : [];
      if (hand.length < 2) continue;
      const probe = h("div", "hl-ct-seat-info hl-ct-seat-facts hl-ct-probe");
      probe.textContent = hand.map((piece) => widest(piece.textContent)).join(" · ");
      line.after(probe);
      if (over(probe)) line.classList.add("is-stacked");
      probe.remove();
    }
    // a separator left at the end of a line says nothing: hidden, its room kept (so that nothing moves back up)
    const ends = [];
    for (const plate of list) {
      for (const sep of plate._info ? plate._info.querySelectorAll(".hl-ct-sep") : []) {
        const before = sep.previousElementSibling;
        const after = sep.nextElementSibling;
        if (before && after && after.offsetTop > before.offsetTop + 2) ends.push(sep);
      }
    }
    for (const sep of ends) sep.style.visibility = "hidden";
    for (let round = 0; round < 3; round++) {
      const long = list.filter((plate) => over(plate._head)); // reads first, then writes
      if (!long.length) return;
      for (const plate of long) {
        const turn = plate._head.querySelector(".hl-ct-turn");
        if (turn) turn.remove();
        else plate._head.classList.add("is-wrapped");
      }
    }
  }

  function takenRow(taken) {
    // the cards a seat took, as piles by suit a reader can count ("♥ 5", its ranks in the title), and the cards
    // that count on their own (the Q♠) named
    const row = h("div", "hl-ct-taken");
    const piles = Array.isArray(taken.piles) ? taken.piles.filter((p) => p && typeof p === "object") : [];
    if (!piles.length) {
      const none = h("span", "hl-ct-pile is-none");
      none.textContent = say("took_none");
      row.append(none);
      return row;
    }
    for (const pile of piles) {
      const count = finite(pile.count, 0);
      const chip = h("span", `hl-ct-pile${pile.red ? " is-red" : ""}`, { title: text(pile.label) || null });
      const stack = h("span", "hl-ct-pile-stack", { "aria-hidden": "true" });
      stack.dataset.n = String(Math.max(1, Math.min(3, count)));
      chip.append(stack, `${text(pile.symbol)} ${count}`);
      row.append(chip);
    }
    const named = Array.isArray(taken.named) ? taken.named.map(text).filter(Boolean) : [];
    for (const name of named) {
      const chip = h("span", `hl-ct-pile is-named${/[♥♦]/.test(name) ? " is-red" : ""}`, { title: say("counts_alone", { name }) });
      chip.textContent = name;
      row.append(chip);
    }
    return row;
  }

  function plateWidth(view, sz) {
    const felW = feltWidth();
    const natural = Math.round(sz.font * 12.5);
    if (!sz.narrow) return Math.max(120, Math.min(natural, Math.floor(felW * 0.3)));
    const share = view.seats.length >= 6 ? 0.25 : view.seats.length === 5 ? 0.27 : 0.31;
    return Math.max(80, Math.min(natural, Math.floor(felW * share)));
  }

  function drawSeats(view, sz) {
    // A seat whose entry (and the table's size) did not change keeps its plate and the plate's measured box, so a
    // redraw lays out only what changed; a changed seat gets a new plate.
    const old = state.plates || new Map();
    state.plates = new Map();
    const plates = [];
    const nodes = [];
    const plateW = plateWidth(view, sz);
    for (const seat of view.seats) {
      const sig = [view.kind, state.width, sz.narrow, sz.font, sz.back, sz.trick, plateW, JSON.stringify(seat)].join("|");
      const kept = old.get(seat.seat);
      if (kept && kept._sig === sig) {
        plates.push({ seat, plate: kept });
        state.plates.set(seat.seat, kept);
        nodes.push(kept);
        continue;
      }
      const name = text(seat.name) || (seat.you ? say("you") : say("seat", { n: seat.seat + 1 }));
      const plate = h("div", "hl-ct-seat", { role: "group", "aria-label": text(seat.label) || name });
      plate._sig = sig;
      plate.classList.toggle("is-turn", Boolean(seat.turn));
      plate.classList.toggle("is-you", Boolean(seat.you));
      if (view.kind !== "trick" && !seat.cards) plate.style.width = `${plateW}px`;
      const head = h("div", "hl-ct-seat-name");
      head.append(name);
      if (seat.dealer) {
        const badge = h("span", "hl-ct-badge", { title: say("dealer") });
        badge.textContent = say("dealer_badge");
        head.append(" ", badge);
      }
      if (seat.turn && view.kind !== "trick") {
        const turn = h("span", "hl-ct-turn");
        turn.textContent = seat.you ? say("your_turn") : say("to_play");
        head.append(" ", turn);
      }
      plate.append(head);
      plate._head = head;
      plate._info = null;
      plates.push({ seat, plate });
      state.plates.set(seat.seat, plate);
      nodes.push(plate);
      if (view.kind === "trick") continue;
      if (!seat.you && !seat.cards) {
        const backs = h("div", "hl-ct-backs", { "aria-hidden": "true" });
        const count = Math.max(0, finite(seat.count, 0));
        const shown = Math.min(Math.max(0, finite(seat.backs, count)), 13);
        const bh = Math.round(sz.back * RATIO);
        const step = shown > 1 ? Math.max(2, Math.min(sz.back * 0.4, (plateW - 52 - sz.back) / (shown - 1))) : 0;
        backs.style.width = `${Math.round(sz.back + step * Math.max(0, shown - 1))}px`;
        backs.style.height = `${bh}px`;
        for (let i = 0; i < shown; i++) {
          const b = h("span", "hl-ct-back");
          b.style.left = `${Math.round(i * step)}px`;
          b.style.width = `${sz.back}px`;
          b.style.height = `${bh}px`;
          backs.append(b);
        }
        const countChip = h("span", "hl-ct-count", { "aria-hidden": "true" });
        countChip.textContent = String(count);
        const backRow = h("div", "hl-ct-backrow");
        backRow.append(backs, countChip);
        plate.append(backRow);
        if (Array.isArray(seat.shown) && seat.shown.length) plate.append(shownRow(seat.shown.filter((c) => c && typeof c === "object"), sz));
      }
      if (Array.isArray(seat.cards) && seat.cards.length) openCards(plate, seat, sz);
      const facts = seatFacts(seat);
      if (facts.length) {
        const info = factsLine(facts);
        plate.append(info);
        plate._info = info;
      }
      if (text(seat.total)) {
        // the game's running total, the fact that matters most: its own line, always shown
        const total = h("div", "hl-ct-seat-info hl-ct-seat-total");
        total.textContent = say("total", { total: text(seat.total) });
        plate.append(total);
      }
      for (const note of Array.isArray(seat.notes) ? seat.notes.map(text).filter(Boolean) : []) {
        // a note breaks between its parts ("captured 4 cards · 12 points"), never inside one
        const line = h("div", "hl-ct-seat-info hl-ct-seat-note");
        note.split(" · ").forEach((part, i) => {
          if (i) line.append(" · ");
          const piece = h("span", "hl-ct-nowrap");
          piece.textContent = part;
          line.append(piece);
        });
        plate.append(line);
      }
      if (seat.taken && typeof seat.taken === "object") plate.append(takenRow(seat.taken));
    }
    const keep = new Set(nodes);
    for (const plate of [...seatLayer.children]) if (!keep.has(plate)) plate.remove();
    nodes.forEach((plate, i) => { if (seatLayer.children[i] !== plate) seatLayer.insertBefore(plate, seatLayer.children[i] || null); });
    return plates;
  }

  function openCards(plate, seat, sz) {
    // an open hand: rows of overlapped small faces, each corner index visible; when one row does not fit
    // the plate, suits stay together on rows (as a bridge diagram shows a hand), rows overlapped by half
    const cards = seat.cards.filter((c) => c && typeof c === "object");
    const felW = feltWidth();
    const side = seat.x < 0.2 || seat.x > 0.8;
    const tw = sz.trick;
    const maxW = side
      ? (sz.narrow ? Math.max(84, Math.floor((felW - 2 * (tw * 0.8 + tw / 2) - 20) / 2)) : Math.floor(felW * 0.3))
      : Math.floor(felW * 0.92);
    plate.style.maxWidth = `${maxW}px`;
    plate.classList.add("is-open");
    const w = Math.max(30, Math.round(sz.trick * 0.72));
    const ht = Math.round(w * RATIO);
    const step = Math.max(Math.ceil(w * INDEX_SHARE), 14);
    const perRow = Math.max(1, Math.floor((maxW - 16 - w) / step) + 1);
    const rows = [];
    if (cards.length <= perRow) rows.push(cards);
    else {
      const groups = [];
      for (const entry of cards) {
        const suit = text(entry.code).split("#")[0].slice(-1);
        if (!groups.length || groups[groups.length - 1].suit !== suit) groups.push({ suit, cards: [] });
        groups[groups.length - 1].cards.push(entry);
      }
      let row = [];
      for (const g of groups) {
        if (row.length && row.length + g.cards.length > perRow) { rows.push(row); row = []; }
        for (const entry of g.cards) {
          if (row.length >= perRow) { rows.push(row); row = []; }
          row.push(entry);
        }
      }
      if (row.length) rows.push(row);
    }
    const rowStep = Math.round(ht * 0.56);
    let z = 0;
    rows.forEach((list, r) => {
      const rowNode = h("div", "hl-ct-seat-cards");
      if (r) rowNode.style.marginTop = `${rowStep - ht}px`;
      rowNode.style.position = "relative";
      rowNode.style.zIndex = String(r + 1);
      list.forEach((entry, i) => {
        const node = cardNode(entry, "hl-ct-mini");
        updateCard(node, entry, Boolean(seat.turn));
        node.style.width = `${w}px`;
        node.style.height = `${ht}px`;
        node.style.flex = "none";
        node.style.marginLeft = i ? `${step - w}px` : "0";
        node.style.zIndex = String(++z);
        node.tabIndex = seat.turn ? 0 : -1;
        node.addEventListener("keydown", (e) => {
          if (e.key === "Enter" || e.key === " ") { e.preventDefault(); choose(node); }
        });
        rowNode.append(node);
      });
      plate.append(rowNode);
    });
  }

  function placeSeats(plates, g) {
    for (const { seat, plate } of plates) {
      const p = seatPoint(seat, g, plate);
      plate.style.left = `${Math.round(p.x)}px`;
      plate.style.top = `${Math.round(p.y)}px`;
    }
    g.cy = ringCentre(plates, g);
  }

  // -- the middle -----------------------------------------------------------------------------------------
  function drawTrick(view, g) {
    const trick = view.trick;
    const seats = new Map(view.seats.map((s) => [s.seat, s]));
    if (!trick || !trick.plays.length) {
      trickLayer.replaceChildren();
      trickLayer.removeAttribute("aria-label");
      state.trickCards.clear();
      state.trickKey = "";
      return;
    }
    trickLayer.setAttribute("aria-label", text(trick.label) || say("the_trick"));
    const key = `${text(trick.number)}|${view.players}|${view.kind}`;
    if (key !== state.trickKey) {
      trickLayer.replaceChildren();
      state.trickCards.clear();
      state.trickKey = key;
    }
    // a card that left the trick (a guess Python did not confirm) leaves the table too
    const playing = new Set(trick.plays.map((play) => play.seat));
    for (const [seat, node] of state.trickCards) if (!playing.has(seat)) { node.remove(); state.trickCards.delete(seat); }
    const still = reducedMotion();
    const order = [];
    trick.plays.forEach((play, i) => {
      const seat = seats.get(play.seat);
      const card = play.card || (Array.isArray(play.cards) ? play.cards[0] : null);
      if (!seat || !card) return;
      const p = trickPoint(seat, g);
      let node = state.trickCards.get(play.seat);
      const fresh = !node;
      if (!node) {
        node = h("div", "hl-ct-tcard", { role: "img" });
        state.trickCards.set(play.seat, node);
        trickLayer.append(node);
      }
      quietSvg(node, text(card.svg));
      const who = text(seat.name);
      const what = text(card.name) || text(card.short);
      const played = who ? say("played_by", { who, card: what }) : what;
      node.setAttribute("aria-label", play.winner ? say("winning", { play: played }) : played);
      node.style.width = `${g.tw}px`;
      node.style.height = `${g.th}px`;
      node.style.left = `${Math.round(p.x - g.tw / 2)}px`;
      node.style.top = `${Math.round(p.y - g.th / 2)}px`;
      node.style.zIndex = String(i + 1);
      order.push(node);
      node.classList.toggle("is-winner", Boolean(play.winner));
      if (fresh && !still && node.animate) {
        // the card comes from its player's seat (an animation of its own: no layout forced to start it)
        const from = seatPoint(seat, g, state.plates.get(play.seat));
        const start = `translate(${Math.round(from.x - p.x)}px, ${Math.round(from.y - p.y)}px) scale(0.6)`;
        node.animate([{ transform: start }, { transform: "none" }], { duration: 250, easing: "ease-out" });
      }
    });
    // the page's order is the order of play (what a screen reader reads, and what is drawn on top)
    order.forEach((node, i) => { if (trickLayer.children[i] !== node) trickLayer.insertBefore(node, trickLayer.children[i] || null); });
    clearTimeout(state.collectTimer);
    if (trick.complete && trick.winner != null && view.kind === "table" && !still) {
      const winner = seats.get(trick.winner);
      const wait = Math.max(250, (model.get("pace") || 0.6) * 1000);
      state.collectTimer = setTimeout(() => {
        if (!winner) return;
        const to = seatPoint(winner, g, state.plates.get(winner.seat));
        for (const node of state.trickCards.values()) {
          const x = parseFloat(node.style.left) + g.tw / 2;
          const y = parseFloat(node.style.top) + g.th / 2;
          node.classList.add("is-collected");
          node.style.transform = `translate(${Math.round(to.x - x)}px, ${Math.round(to.y - y)}px) scale(0.35)`;
        }
      }, wait);
    }
  }

  function leadWords(view) {
    // the middle's words while a trick waits for its lead: the model's own ("Your lead", "West leads"); a model
    // without them says "Your lead" only when the hand at the bottom is the one to play
    if ("lead" in view) return text(view.lead);
    const hand = view.hand;
    return hand && hand.mode === "play" && view.turn != null && view.turn === hand.seat ? say("your_lead") : "";
  }

  function drawCentre(view) {
    centre.replaceChildren();
    const pass = view.pass;
    const plays = view.trick ? view.trick.plays.length : 0;
    if (pass && !plays) {
      const arrow = h("div", "hl-ct-arrow", { "aria-hidden": "true" });
      arrow.textContent = text(pass.arrow) || "⇄";
      const words = h("div", "hl-ct-centre-words");
      const count = finite(pass.count, null);
      const head = count === null ? say("pass_cards") : say(count === 1 ? "pass_one" : "pass_many", { n: count });
      const line = text(pass.words) ? say("pass_line", { count: head, where: text(pass.words) }) : head;
      words.textContent = finite(pass.chosen, null) !== null ? say("chosen", { line, n: pass.chosen }) : line;
      centre.append(arrow, words);
    } else if (view.kind === "table" && !plays) {
      const lead = leadWords(view);
      if (lead) {
        const words = h("div", "hl-ct-centre-words");
        words.textContent = lead;
        centre.append(words);
      }
    }
  }

  function placeMiddle(view, sz, g, plates) {
    drawCentre(view);
    const gap = g.W - 2 * g.sideW - 20;
    centre.style.maxWidth = `${Math.max(100, gap)}px`;
    centre.style.top = `${Math.round(g.cy ?? g.H / 2)}px`;
    if (view.combo) placeCombo(view, sz, g, plates);
    else if (centre.childElementCount && gap < CENTRE_MIN) placeBetween(g, plates);
  }

  function drawLast(view) {
    const open = Boolean(model.get("show_last"));
    const last = view.last_trick;
    lastButton.disabled = !last;
    lastButton.setAttribute("aria-expanded", open && last ? "true" : "false");
    lastButton.textContent = open && last ? say("hide_last_trick") : say("last_trick");
    lastPanel.replaceChildren();
    lastPanel.hidden = !(open && last);
    if (!open || !last) return;
    lastPanel.setAttribute("aria-label", text(last.label) || say("last_trick"));
    const head = h("div", "hl-ct-lastpanel-head");
    const winner = view.seats.find((s) => s.seat === last.winner);
    head.textContent = text(last.head) || (winner && text(winner.name) ? say("last_trick_took", { name: text(winner.name) })
      : say("last_trick"));
    const row = h("div", "hl-ct-lastpanel-row");
    for (const play of last.plays) {
      const seat = view.seats.find((s) => s.seat === play.seat);
      const name = seat ? text(seat.name) : "";
      const cell = h("div", "hl-ct-lastcell");
      const who = h("div", "hl-ct-lastwho");
      who.textContent = name;
      const cards = Array.isArray(play.cards) ? play.cards.filter((c) => c && typeof c === "object") : [];
      if (cards.length) {
        // a combination (Haggis): its cards side by side, overlapped so each index stays readable
        const words = text(play.name) || cards.map((c) => text(c.name)).join(", ");
        const group = h("div", "hl-ct-lastgroup" + (play.winner ? " is-winner" : ""), { role: "img", "aria-label": name ? `${name}: ${words}` : words });
        for (const entry of cards) {
          const pic = h("div", "hl-ct-lastcard");
          quietSvg(pic, text(entry.svg));
          group.append(pic);
        }
        cell.append(group, who);
      } else {
        const words = text(play.card.name) || text(play.card.short);
        const pic = h("div", "hl-ct-lastcard" + (play.winner ? " is-winner" : ""), { role: "img", "aria-label": name ? `${name}: ${words}` : words });
        quietSvg(pic, text(play.card.svg));
        cell.append(pic, who);
      }
      row.append(cell);
    }
    lastPanel.append(head, row);
  }

  // -- under the felt -------------------------------------------------------------------------------------
  function drawActions(view) {
    actions.replaceChildren();
    for (const action of view.actions) {
      const id = text(action.id);
      const kind = /^[a-z-]+$/.test(text(action.kind)) ? action.kind : "default";
      const b = h("button", `hl-ct-button hl-ct-action is-${kind}`, { type: "button" });
      b.textContent = text(action.label) || id;
      b.disabled = action.enabled === false;
      b.dataset.action = id;
      b.addEventListener("click", () => {
        send({ event: "action", id });
      });
      actions.append(b);
    }
    actions.hidden = !actions.children.length;
  }

  function drawHole(view, sz) {
    hole.replaceChildren();
    hole.hidden = !view.hole;
    if (!view.hole) return;
    const label = text(view.hole.label);
    if (label) hole.setAttribute("aria-label", label);
    else hole.removeAttribute("aria-label");
    if (label) {
      const tag = h("span", "hl-ct-hole-label");
      tag.textContent = label;
      hole.append(tag);
    }
    const w = Math.max(24, Math.min(40, Math.round(sz.trick * 0.56)));
    for (const entry of Array.isArray(view.hole.cards) ? view.hole.cards.filter((c) => c && typeof c === "object") : []) {
      const pic = h("span", "hl-ct-holecard", { role: "img", "aria-label": text(entry.name) || "a card" });
      pic.style.width = `${w}px`;
      pic.style.height = `${Math.round(w * RATIO)}px`;
      quietSvg(pic, text(entry.svg));
      hole.append(pic);
    }
  }

  function drawMessage() {
    const words = text(model.get("message"));
    if (message.textContent !== words) message.textContent = words;
    const kind = text(model.get("message_kind"));
    message.className = `hl-ct-message is-${/^[a-z]+$/.test(kind) ? kind : "info"}`;
    message.hidden = !words;
    dock.hidden = !model.get("fit") && message.hidden && actions.hidden;
  }

  // -- the whole table ------------------------------------------------------------------------------------
  function lay(view, sz, how) {
    // everything drawn at one size; returns what `stretch` needs to give the felt more height
    root.className = `hl-ct hl-ct--${how.kind}${how.large ? " hl-ct--large" : ""}${sz.narrow ? " hl-ct--narrow" : ""}${how.fit ? " hl-ct--fit" : ""}`;
    root.style.setProperty("--hl-font", `${sz.font}px`);
    let laid = null;
    if (how.hasFelt) {
      const plates = drawSeats(view, sz);
      const g = feltGeometry(view, sz, plates);
      felt.style.height = `${g.H}px`;
      placeSeats(plates, g);
      placeMiddle(view, sz, g, plates);
      drawTrick(view, g);
      drawLast(view);
      laid = { g, plates, sz };
    }
    drawHole(view, sz);
    drawActions(view);
    drawMessage();
    drawHand(view, sz);
    return laid;
  }

  function stretch(view, laid, extra) {
    // the felt takes the height the window has left: the seats move apart, the trick stays in the middle
    if (!laid || extra < 1) return;
    const { g, plates, sz } = laid;
    g.H += Math.floor(extra);
    felt.style.height = `${g.H}px`;
    placeSeats(plates, g);
    placeMiddle(view, sz, g, plates);
    drawTrick(view, g);
  }

  function roomBelow() {
    // the window's height below the table's top edge, less --hl-fit-reserve; a table further down a page than
    // half a window (a lesson) fits a window of its own instead
    const high = window.innerHeight || document.documentElement.clientHeight || 800;
    const edge = el.getBoundingClientRect().top + (window.scrollY || 0);
    const reserve = probe.offsetHeight || 0;
    let room = high - Math.max(0, edge) - reserve;
    if (room < high * 0.5) room = high - reserve;
    return Math.max(FIT_FLOOR, Math.floor(room));
  }

  function fitTo(view, at, how) {
    // the largest scale (up to the natural size; large cards up to FIT_MAX_LARGE) at which the table fits the
    // room below it, found by halving; kept while nothing that changes it changes (the window, the kind of table)
    const room = roomBelow();
    state.room = room;
    const most = state.width < NARROW ? 1 : how.large ? FIT_MAX_LARGE : FIT_MAX;
    const cards = view.hand ? view.hand.cards.length : 0;
    const key = [state.width, room, how.large, how.kind, view.players, view.seats.length, Math.max(cards, state.handMax)].join("|");
    let scale = state.fitKey === key ? state.fitScale : most;
    let laid = at(scale);
    let height = root.offsetHeight;
    if (height > room && scale > FIT_MIN) {
      let lo = FIT_MIN;
      let hi = scale;
      let best = FIT_MIN;
      for (let i = 0; i < 6; i++) {
        const mid = (lo + hi) / 2;
        at(mid);
        if (root.offsetHeight <= room) best = lo = mid;
        else hi = mid;
      }
      scale = best;
      laid = at(scale);
      height = root.offsetHeight;
    }
    state.fitKey = key;
    state.fitScale = scale;
    root.dataset.scale = scale.toFixed(3);
    if (height < room) stretch(view, laid, room - height);
    root.classList.toggle("is-overfull", height > room);
  }

  function draw() {
    const [view, applied] = predicted(tidy(model.get("view")));
    shown = view;
    if (applied) root.dataset.guess = String(applied);
    else delete root.dataset.guess;
    const large = Boolean(model.get("large"));
    const fit = Boolean(model.get("fit"));
    if (!state.width) state.width = el.clientWidth || root.clientWidth || 800; // then kept by the ResizeObserver
    const kind = /^[a-z]+$/.test(text(view.kind)) ? view.kind : "table";
    view.kind = kind;
    const players = finite(view.players, 0) || view.seats.length || 4;
    root.setAttribute("aria-label", text(model.get("label")) || say("card_table"));
    title.textContent = text(view.title);
    title.hidden = !title.textContent;
    status.textContent = text(view.status);
    status.hidden = !status.textContent;
    if (typeof view.hearts_broken !== "boolean") hearts.hidden = true;
    else {
      hearts.hidden = false;
      hearts.textContent = say(view.hearts_broken ? "hearts_broken" : "hearts_not_broken");
      hearts.classList.toggle("is-broken", view.hearts_broken);
    }
    extraChips.replaceChildren();
    for (const chip of view.chips) {
      if (!text(chip.text)) continue;
      const c = h("span", `hl-ct-chip hl-ct-chip--${/^[a-z-]+$/.test(text(chip.kind)) ? chip.kind : "info"}`);
      c.textContent = text(chip.text);
      extraChips.append(c);
    }
    const hasFelt = kind !== "hand" && view.seats.length > 0;
    felt.hidden = !hasFelt;
    lastButton.hidden = kind !== "table" || !hasFelt; // no table, no last trick to show (a hand on its own)
    if (!hasFelt) lastPanel.hidden = true;
    top.hidden = !(title.textContent || status.textContent || kind === "table");
    const how = { kind, large, fit, hasFelt };
    const at = (scale) => lay(view, sizes(state.width, large, kind, players, scale), how);
    if (!fit) {
      state.fitKey = "";
      delete root.dataset.scale;
      at(1);
      return;
    }
    fitTo(view, at, how);
  }

  let frame = 0;
  function schedule() {
    if (frame) return;
    frame = requestAnimationFrame(() => { frame = 0; draw(); });
  }
  model.on("change:view", draw);
  model.on("change:words", () => {
    state.plates = new Map(); // a plate keeps its words while its seat is unchanged: new words, new plates
    draw();
  });
  model.on("change:message", () => (model.get("fit") ? schedule() : drawMessage()));
  model.on("change:message_kind", drawMessage);
  model.on("change:large", draw);
  model.on("change:fit", draw);
  model.on("change:show_last", draw);
  const resize = new ResizeObserver(() => {
    const w = el.clientWidth;
    if (w && Math.abs(w - state.width) > 1) {
      state.width = w;
      schedule();
    }
  });
  resize.observe(el);
  // with `fit`, the room below the table changes with the window and with whatever sits above the table
  const onWindow = () => { if (model.get("fit")) schedule(); };
  window.addEventListener("resize", onWindow);
  const page = new ResizeObserver(() => { if (model.get("fit") && roomBelow() !== state.room) schedule(); });
  page.observe(document.documentElement);
  draw();
  send({ event: "hello" });
  return () => {
    resize.disconnect();
    page.disconnect();
    window.removeEventListener("resize", onWindow);
    clearTimeout(state.collectTimer);
    if (frame) cancelAnimationFrame(frame);
  };
}

export default { render };
