"""Million Doubt's rule sets (the app's rules, or plain Daifugo: M4) and the lobby's words for its options."""

from __future__ import annotations

from kakehiki.rulesets import MAX_STEPS_LABEL, OptionLabel, RuleSet, games_label

RULE_SETS: tuple[RuleSet, ...] = (
    RuleSet("app", ("App rules", "アプリのルール"),
            ("Million Doubt as the app plays it: seven cards each, play face down and bluff, doubt, burst at 11.",
             "アプリ版ミリオンダウトのルール。7枚ずつ配り、裏向きに出してはったりも可、ダウトあり、11枚でバースト。"),
            {}),
    RuleSet("daifugo", ("Plain Daifugo", "普通の大富豪"),
            ("Daifugo with the same plays: every card dealt, all plays face up, no doubt; no ranks or "
             "exchange (the game Daifugo has them).",
             "同じ出し方の大富豪。全部配り、すべて表向きに出し、ダウトはなし。階級と交換はありません"
             "（それらはゲーム「大富豪」で）。"),
            {"face_down": False}),
)

LABELS: dict[str, OptionLabel] = {
    "first_leader": OptionLabel(
        ("First leader", "最初の親"),
        ("Who leads the first trick: at random, the first one out last game, or a given seat every game.",
         "最初に出す人。無作為、前のゲームで最初に上がった人、または毎ゲーム同じ席。"),
        advanced=True, seat=True,
        values={"random": ("At random", "無作為"),
                "last_winner": ("Last game's first out", "前のゲームで最初に上がった人")}),
    "spade3_beats_joker": OptionLabel(
        ("Spade 3 beats a joker", "スペードの3がジョーカーに勝つ"),
        ("A single three of spades beats a lone joker.", "スペードの3の1枚出しが、ジョーカー1枚に勝ちます。")),
    "face_down": OptionLabel(
        ("Face-down plays and doubt", "裏向き出しとダウト"),
        ("Cards may be played face down and doubted. Off: plain Daifugo, without the ranks and exchange "
         "of the game Daifugo.",
         "札を裏向きに出せて、ダウトをかけられます。オフなら普通の大富豪（ゲーム「大富豪」の階級と交換はなし）。")),
    "deal": OptionLabel(
        ("Cards dealt", "配る枚数"),
        ("Seven each (the rest set aside unseen), or every card as Daifugo deals.",
         "7枚ずつ（残りは見ずに除外）か、大富豪のように全部配るか。"),
        advanced=True,
        values={"auto": ("Seven with face-down plays, else all", "裏向きありなら7枚、なしなら全部"),
                "seven": ("Seven each", "7枚ずつ"), "all": ("Every card", "全部")}),
    "burst_at": OptionLabel(
        ("Burst at", "バーストする枚数"),
        ("A hand of this many cards or more bursts: that player is out.",
         "手札がこの枚数以上になるとバーストして脱落します。")),
    "burst_points": OptionLabel(
        ("Points for a burst", "バーストの失点"),
        ("What a burst player pays each player still in: the cards in hand, or a fixed number.",
         "バーストした人が残りの各人に払う点。手札の枚数か、決まった点数。"),
        advanced=True,
        values={"auto": ("Cards in hand (11 with two players)", "手札の枚数（2人なら11点）"),
                "hand": ("Cards in hand", "手札の枚数")}),
    "games": games_label("How many games make the match; points add up.", "1マッチで遊ぶゲームの数。得点は累計です。"),
    "max_steps": MAX_STEPS_LABEL,
}
