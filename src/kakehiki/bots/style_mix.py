"""Reading a seat whose style is not known: the chance of what it did under a few styles, mixed.

The Dobon experts weigh each guess of an opponent's hand by how well it explains that seat's
public moves.  No seat is assumed to play like the rule bot: each chance is taken under three
styles and mixed by their prior (Bayesian model averaging), so a seat whose moves keep agreeing
with the rule bot's is read closely, and one whose moves do not falls back on the broader styles.

* ``rule``: it plays like the game's rule bot, up to slips each game's expert sets.
* ``caller``: it calls Dobon whenever it can, and its other choices say nothing of its hand but
  their number (any of *k* choices is 1/*k*): high-card shedding, random play, no interrupts.
* ``any``: not even its silences do: a missed call is as likely as a call.
"""

from __future__ import annotations

STYLES = ("rule", "caller", "any")
STYLE_PRIOR = (0.5, 0.4, 0.1)
MISS_CALL_ANY = 0.5  # a seat of no known style lets a call pass as often as it takes it

Fit = tuple[float, float, float]  # the chance of what a seat did, under each style
SURE: Fit = (1.0, 1.0, 1.0)


def one_of(rule: float, options: int) -> Fit:
    """One choice among ``options``: ``rule`` its chance for a rule-like player, any of them alike
    for the other styles."""
    return rule, 1 / options, 1 / options


def missed_call(chance: float) -> Fit:
    """A call the seat could have made and let pass: ``chance`` for the styles that always call."""
    return chance, chance, MISS_CALL_ANY


def times(a: Fit, b: Fit) -> Fit:
    """Two independent moves' chances, style by style."""
    return a[0] * b[0], a[1] * b[1], a[2] * b[2]


def mean(fits: list[Fit]) -> Fit:
    """The mean chance, style by style (over guesses of which cards a draw brought)."""
    n = len(fits)
    return sum(f[0] for f in fits) / n, sum(f[1] for f in fits) / n, sum(f[2] for f in fits) / n


def mixed(fit: Fit) -> float:
    """The chance of what a seat did when its style is not known: the styles' mixture."""
    return STYLE_PRIOR[0] * fit[0] + STYLE_PRIOR[1] * fit[1] + STYLE_PRIOR[2] * fit[2]


def posterior(evidence: Fit) -> dict[str, float]:
    """How likely each style is, given the summed chances of a seat's moves under each."""
    weighted = [p * e for p, e in zip(STYLE_PRIOR, evidence, strict=True)]
    total = sum(weighted)
    if total <= 0:
        return dict(zip(STYLES, STYLE_PRIOR, strict=True))
    return {name: w / total for name, w in zip(STYLES, weighted, strict=True)}
