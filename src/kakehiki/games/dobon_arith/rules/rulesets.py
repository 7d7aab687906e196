"""Dobon-arith's rule sets and the lobby's words for its options."""

from __future__ import annotations

from kakehiki.rulesets import MAX_STEPS_LABEL, OptionLabel, RuleSet, games_label

RULE_SETS: tuple[RuleSet, ...] = (
    RuleSet("standard", ("Standard", "標準"),
            ("The source's rules: one game; drawing the cards owed for twos ends your turn.",
             "原典どおり。1ゲームで、2で溜まった札を引いたら手番は終わり。"),
            {}),
    RuleSet("match", ("Three-game match", "3ゲームマッチ"),
            ("Three games in a row; the loser deals the next; most wins takes the match.",
             "3ゲーム続けて遊び、負けた人が次の親。勝ち数の多い人がマッチの勝ち。"),
            {"games": 3}),
    RuleSet("draw-and-play", ("Draw and play", "引いてから出す"),
            ("A house rule: after drawing the cards owed for twos you still take a normal turn.",
             "ハウスルール。2で溜まった札を引いた後も、そのまま通常の手番を続けます。"),
            {"draw_penalty_ends_turn": False}),
)

LABELS: dict[str, OptionLabel] = {
    "first_player": OptionLabel(
        ("First player", "最初に出す人"),
        ("Who deals and plays first in the first game: chosen at random, or a given seat.",
         "最初のゲームで配って最初に出す人。無作為か、席を指定します。"),
        advanced=True, seat=True, values={"auto": ("At random", "無作為")}),
    "draw_penalty_ends_turn": OptionLabel(
        ("Drawing for twos ends the turn", "2の罰で引いたら手番終了"),
        ("On: drawing the cards owed for twos ends your turn. Off: you then take a normal turn.",
         "オン：2で溜まった札を引いたら手番終了。オフ：引いた後に通常の手番をします。")),
    "min_field_to_rebuild": OptionLabel(
        ("Smallest field to reshuffle", "山札に戻す場札の最少枚数"),
        ("When the stock runs out, the field under its top card becomes the stock only if it holds more cards "
         "than this.",
         "山札が尽きたとき、一番上を除く場札がこの枚数より多いときだけ混ぜて山札にします。"),
        advanced=True),
    "max_twos_ratio": OptionLabel(
        ("Most twos in a reshuffle", "山札に戻す場札の2の割合"),
        ("No reshuffle when this share of the field or more is twos (0 to 1).",
         "場札のうち2がこの割合以上なら山札にしません（0〜1）。"),
        advanced=True, none=("No limit", "制限なし"), step=0.05),
    "games": games_label("How many games make the match; the loser of each deals the next.",
                         "1マッチで遊ぶゲームの数。負けた人が次の親です。"),
    "max_steps": MAX_STEPS_LABEL,
}
