"""Dhumbal's rule sets and the lobby's words for its options."""

from __future__ import annotations

from kakehiki.rulesets import AUTO_DECKS, MAX_STEPS_LABEL, OptionLabel, RuleSet

RULE_SETS: tuple[RuleSet, ...] = (
    RuleSet("standard", ("Standard", "標準"),
            ("Show at 5 points or less, 30 points for a failed Show, the match ends past 100.",
             "5点以下でショウ、失敗すると30点、誰かが100点を超えたら終わり。"),
            {}),
    RuleSet("short", ("Short match", "ショートマッチ"),
            ("The same rules, the match ends past 50 points.", "同じルールで、誰かが50点を超えたら終わり。"),
            {"limit": 50}),
)

LABELS: dict[str, OptionLabel] = {
    "decks": OptionLabel(
        ("Decks", "トランプの組数"),
        ("52-card decks shuffled together; automatic uses one for every eight players.",
         "混ぜて使うトランプの組数。自動なら8人ごとに1組。"),
        advanced=True, values=AUTO_DECKS),
    "show_max": OptionLabel(
        ("Show at or under", "ショウできる点数"),
        ("You may Show when your hand totals this or less.", "手札の合計がこの点数以下ならショウを宣言できます。")),
    "penalty": OptionLabel(
        ("Failed Show penalty", "ショウ失敗の罰点"),
        ("Points a failed Show adds on top of the caller's total.",
         "ショウに失敗した人が手札の合計に加えて受ける点数。")),
    "show_tie": OptionLabel(
        ("A tie at a Show", "ショウで同点のとき"),
        ("When the caller ties the lowest other hand.", "ショウした人が他の最少点の人と同点のとき。"),
        values={"caller_loses": ("The Show fails", "ショウ失敗"), "caller_wins": ("The Show succeeds", "ショウ成功")}),
    "limit": OptionLabel(
        ("Match ends past", "終了の点数"),
        ("The match ends after a round in which someone's total passes this.",
         "誰かの累積得点がこの点数を超えたラウンドの後で終わります。")),
    "starter_rotation": OptionLabel(
        ("Next round starts", "次のラウンドの最初の人"),
        ("Who starts the next round, from the last round's first player.",
         "前のラウンドの最初の人から見た、次に始める人。"),
        advanced=True,
        values={"right": ("The player on the right", "右隣の人"), "left": ("The player on the left", "左隣の人")}),
    "max_steps": MAX_STEPS_LABEL,
}
