"""Daifugo's named rule sets (the first the defaults) and the lobby's words for its options."""

from __future__ import annotations

from kakehiki.rulesets import MAX_STEPS_LABEL, OptionLabel, RuleSet, games_label

_NO_FOULS = {"foul_two": False, "foul_joker": False, "foul_eight": False, "foul_three": False}

RULE_SETS: tuple[RuleSet, ...] = (
    RuleSet("common", ("Common", "一般的なルール"),
            ("The rules most Japanese players share: revolution, 8-cut, 11-back, suit lock, spade 3 over the "
             "joker, foul finishes and the fall of the reigning daifugo, one joker, three games.",
             "多くの人が遊ぶルール。革命、8切り、11バック、縛り、スペ3返し、反則上がり、都落ちあり。"
             "ジョーカー1枚、3ゲーム。"),
            {}),
    RuleSet("uecda", ("UECda", "コンピュータ大貧民大会"),
            ("As the UECda computer Daifugo contest plays, as we read it: one joker, stairs of five make a "
             "revolution too, no 11-back, no foul finishes, no fall, points by place.",
             "コンピュータ大貧民大会のルール（私たちの読み）。ジョーカー1枚、5枚以上の階段でも革命、"
             "11バック・反則上がり・都落ちなし、順位ごとの得点。"),
            {"run_revolution": True, "eleven_back": False, "miyako_ochi": False, "scoring": "uecda", **_NO_FOULS}),
    RuleSet("house", ("House", "ローカルルール多め"),
            ("Everything on: two jokers, stairs revolutions and the strict lock.",
             "全部あり。ジョーカー2枚、階段革命、激縛り。"),
            {"jokers": 2, "run_revolution": True, "strict_lock": True}),
)


def _on(en: str, ja: str, help_en: str, help_ja: str) -> OptionLabel:
    return OptionLabel((en, ja), (help_en, help_ja))


LABELS: dict[str, OptionLabel] = {
    "games": games_label("How many games make the match; ranks carry over and cards are exchanged.",
                         "1マッチのゲーム数。階級を持ち越し、カードを交換します。"),
    "jokers": _on("Jokers", "ジョーカー", "Jokers in each deck.", "1組あたりのジョーカーの枚数。"),
    "decks": OptionLabel(("Decks", "トランプの組数"),
                         ("One or two decks; auto uses two from seven players.", "1組か2組。自動なら7人以上で2組。"),
                         advanced=True, values={"auto": ("Two from seven players", "7人以上で2組")}),
    "run_revolution": _on("Stairs revolution", "階段革命", "Stairs of five or more make a revolution too.",
                          "5枚以上の階段でも革命になります。"),
    "eight_cut": _on("8-cut", "8切り", "A play with an 8 clears the field.", "8を含む出し方で場が流れます。"),
    "eleven_back": _on("11-back", "11バック", "A play with a J reverses the order until the field clears.",
                       "Jを含む出し方で、場が流れるまで強さが逆になります。"),
    "lock": _on("Suit lock", "縛り", "Two plays in a row of the same suits lock those suits.",
                "同じマークが続くと、そのマークしか出せなくなります。"),
    "strict_lock": _on("Strict lock", "激縛り", "A lock that also climbs one rank at a time must keep climbing so.",
                       "縛りで数字も1つずつ続いたら、次の数字しか出せなくなります。"),
    "spade3": _on("Spade 3 over joker", "スペ3返し", "A lone spade 3 beats a lone joker and clears the field.",
                  "ジョーカー1枚にスペードの3で勝ち、場が流れます。"),
    "foul_two": _on("Foul: out on a 2", "反則上がり: 2", "Going out on a 2 (outside a revolution) ranks you last.",
                    "（革命中でないとき）2で上がると最下位になります。"),
    "foul_joker": _on("Foul: out on a joker", "反則上がり: ジョーカー", "Going out on a joker ranks you last.",
                      "ジョーカーで上がると最下位になります。"),
    "foul_eight": _on("Foul: out on an 8", "反則上がり: 8", "Going out on an 8 ranks you last.",
                      "8で上がると最下位になります。"),
    "foul_three": _on("Foul: out on a 3 in revolution", "反則上がり: 革命中の3",
                      "Going out on a 3 during a revolution ranks you last.", "革命中に3で上がると最下位になります。"),
    "miyako_ochi": _on("Fall of the daifugo", "都落ち",
                       "The reigning daifugo who does not go out first drops to daihinmin.",
                       "大富豪が1番に上がれないと、大貧民に落ちます。"),
    "scoring": OptionLabel(("Points", "得点"), ("Points for each rank.", "階級ごとの得点。"), advanced=True,
                           values={"common": ("2, 1, 0, -1, -2", "2、1、0、-1、-2"),
                                   "uecda": ("By place, last 1", "順位順、最下位1点")}),
    "max_steps": MAX_STEPS_LABEL,
}
