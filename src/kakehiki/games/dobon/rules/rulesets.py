"""Dobon's rule sets (J4: JDA official or simple) and the lobby's words for its options."""

from __future__ import annotations

from kakehiki.rulesets import AUTO_DECKS, MAX_STEPS_LABEL, OptionLabel, RuleSet, games_label

RULE_SETS: tuple[RuleSet, ...] = (
    RuleSet("official", ("JDA official", "JDA公式"),
            ("The Japan Dobon Association's rules: cards drawn for dealer and seats, reseating after a lap, "
             "three seconds for a counter-Dobon, a penalty for delay.",
             "日本ドボン協会の公式ルール。親と席はカードを引いて決め、一周したら席替え、ドボン返しは3秒、遅延にはペナルティ。"),
            {"official": True}),
    RuleSet("simple", ("Simple", "簡易"),
            ("The same game without the ceremony: a random first dealer, fixed seats, no delay penalty.",
             "儀式を省いた同じゲーム。最初の親は無作為、席は固定、遅延ペナルティなし。"),
            {"official": False}),
)

LABELS: dict[str, OptionLabel] = {
    "decks": OptionLabel(
        ("Decks", "トランプの組数"),
        ("52-card decks shuffled together; automatic leaves at least 20 cards to draw.",
         "混ぜて使うトランプの組数。自動なら山札が20枚以上残る組数にします。"),
        advanced=True, values=AUTO_DECKS),
    "official": OptionLabel(
        ("Official JDA rules", "JDA公式ルール"),
        ("Cards drawn for dealer and seats, reseating after a lap, the counter-Dobon window and the delay penalty.",
         "親と席のカード引き、一周後の席替え、ドボン返しの受付時間、遅延ペナルティを使います。")),
    "first_dealer": OptionLabel(
        ("First dealer", "最初の親"),
        ("Who deals the first game: drawn by cards (official) or at random (simple), or a given seat.",
         "最初のゲームの親。公式ならカード引き、簡易なら無作為。席を指定することもできます。"),
        advanced=True, seat=True, values={"auto": ("By the rules", "ルールどおり")}),
    "interrupt_turn": OptionLabel(
        ("After an interrupt", "割り込みの後"),
        ("When someone plays the same number out of turn, who plays next.",
         "同じ数字で割り込んだ後、次に出す人。"),
        values={"after_interrupter": ("The player after the interrupter", "割り込んだ人の次の人"),
                "unchanged": ("The order goes on unchanged", "順番は変わらない")}),
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
    "games": games_label(),
    "min_games": OptionLabel(
        ("Games before a time limit", "時間切れ前の最少ゲーム数"),
        ("With a time limit for the match, at least this many games are played.",
         "マッチに時間制限があるとき、少なくともこのゲーム数は遊びます。"),
        advanced=True),
    "max_steps": MAX_STEPS_LABEL,
}
