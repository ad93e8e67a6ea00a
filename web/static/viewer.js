// The replay viewer: a slider, arrow keys and buttons over the frames of a
// game, with a viewer choice and a download of the replay JSON. It draws
// pictures it is given (SVG from the game crates); it knows no rule.
//
// A source gives: game (name), seats, steps (count), frame(step, viewer)
// -> Promise<svg text> (viewer: "spectator" or a seat number), viewers
// (the viewers it can draw), outcome (or null), replayText.
// The page's source asks the server (protocol `load` of the replay cut
// after each step); `replay --html` embeds every frame, so it works offline.
"use strict";

class ReplayViewer {
  constructor(root, source) {
    this.root = root;
    this.source = source;
    this.step = source.steps;
    this.viewer = source.viewers[0];
    this.drawn = 0;
    root.textContent = "";
    root.classList.add("replay-viewer");
    const bar = el("div", "replay-bar");
    this.first = button("⏮", "first step", () => this.show(0));
    this.prev = button("◀", "previous step", () => this.show(this.step - 1));
    this.slider = el("input");
    Object.assign(this.slider, { type: "range", min: 0, max: source.steps, value: this.step, id: "replay-slider" });
    this.slider.setAttribute("aria-label", "step");
    this.slider.addEventListener("input", () => this.show(Number(this.slider.value)));
    this.next = button("▶", "next step", () => this.show(this.step + 1));
    this.last = button("⏭", "last step", () => this.show(this.source.steps));
    this.label = el("span", "replay-step");
    this.label.id = "replay-step";
    this.viewerSelect = el("select");
    this.viewerSelect.id = "replay-viewer";
    this.viewerSelect.setAttribute("aria-label", "replay viewer");
    for (const v of source.viewers) {
      const o = el("option");
      o.value = String(v);
      o.textContent = v === "spectator" ? "spectator" : `seat ${v}`;
      this.viewerSelect.append(o);
    }
    this.viewerSelect.addEventListener("change", () => {
      const v = this.viewerSelect.value;
      this.viewer = v === "spectator" ? v : Number(v);
      this.show(this.step);
    });
    const download = button("Download replay JSON", "download the replay", () => this.download());
    download.id = "replay-download";
    bar.append(this.first, this.prev, this.slider, this.next, this.last, this.label, this.viewerSelect, download);
    this.title = el("p", "status");
    this.title.textContent = `${source.game}: ${source.steps} steps`;
    this.outcome = el("div", "outcome");
    this.outcome.id = "replay-outcome";
    this.outcome.hidden = true;
    this.picture = el("div", "picture");
    this.picture.id = "replay-picture";
    root.append(this.title, bar, this.outcome, this.picture);
    root.tabIndex = 0;
    this.onKey = (e) => {
      if (root.offsetParent === null) return;
      if (e.target && (e.target.tagName === "INPUT" && e.target.type !== "range")) return;
      if (e.key === "ArrowLeft") { e.preventDefault(); this.show(this.step - 1); }
      if (e.key === "ArrowRight") { e.preventDefault(); this.show(this.step + 1); }
      if (e.key === "Home") { e.preventDefault(); this.show(0); }
      if (e.key === "End") { e.preventDefault(); this.show(this.source.steps); }
    };
    document.addEventListener("keydown", this.onKey);
    root.focus();
    this.show(this.step);
  }

  destroy() {
    document.removeEventListener("keydown", this.onKey);
  }

  async show(step) {
    step = Math.max(0, Math.min(this.source.steps, step));
    this.step = step;
    this.slider.value = String(step);
    this.label.textContent = `step ${step} / ${this.source.steps}`;
    this.root.dataset.step = String(step);
    const ticket = ++this.drawn;
    try {
      const svg = await this.source.frame(step, this.viewer);
      if (ticket !== this.drawn) return;
      this.picture.innerHTML = svg;
      this.root.dataset.shown = String(step);
    } catch (e) {
      if (ticket !== this.drawn) return;
      this.picture.textContent = `cannot draw step ${step}: ${e.message || e}`;
    }
    const o = this.source.outcome;
    this.outcome.hidden = !(o && step === this.source.steps);
    if (o) this.outcome.textContent = outcomeText(o);
  }

  download() {
    const blob = new Blob([this.source.replayText], { type: "application/json" });
    const a = el("a");
    a.href = URL.createObjectURL(blob);
    a.download = `${this.source.game}-replay.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }
}

function outcomeText(o) {
  const seats = o.scores.map((s, i) => `seat ${i}: ${s} (place ${o.places[i]})`).join(", ");
  const team = o.team ? ` · team ${o.team}` : "";
  return `Game over · ${seats}${team}`;
}

function el(tag, cls) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  return e;
}

function button(text, label, onclick) {
  const b = el("button");
  b.type = "button";
  b.textContent = text;
  b.setAttribute("aria-label", label);
  b.addEventListener("click", onclick);
  return b;
}

// The frames embedded by `replay --html`, when this page is such a file.
function offlineSource(data) {
  const viewers = Object.keys(data.frames).map((k) => (k === "spectator" ? k : Number(k)));
  return {
    game: data.game,
    seats: data.seats,
    steps: data.frames[String(viewers[0])].length - 1,
    viewers,
    outcome: data.outcome,
    replayText: JSON.stringify(data.replay),
    frame: (step, viewer) => Promise.resolve(data.frames[String(viewer)][step]),
  };
}

if (typeof window !== "undefined") {
  window.ReplayViewer = ReplayViewer;
  window.outcomeText = outcomeText;
  window.offlineSource = offlineSource;
}
