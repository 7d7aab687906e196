"""Doubt's rule sets (B3–B7's variants) and the lobby's words for its options."""

from __future__ import annotations

from kakehiki.rulesets import MAX_STEPS_LABEL, OptionLabel, RuleSet

RULE_SETS: tuple[RuleSet, ...] = (
    RuleSet("classic", ("Classic", "クラシック"),
            ("One card a play, anyone may doubt, the loser of a doubt takes the pile; play until hands are empty.",
             "1回に1枚、誰でもダウトでき、負けた人が場札を引き取る。手札がなくなるまで遊びます。"),
            {}),
    RuleSet("quick", ("Quick", "クイック"),
            ("Classic, over after five rounds: the fewest cards left wins.",
             "クラシックを5周で打ち切り、残り枚数の少ない人が勝ち。"),
            {"round_limit": 5}),
    RuleSet("several-cards", ("Several cards", "複数枚出し"),
            ("Put down one to four cards a play, all claimed as the rank called.",
             "1回に1〜4枚を出せます（すべてその回の数字として）。"),
            {"max_cards_per_play": 4}),
    RuleSet("cheat", ("Cheat", "チート"),
            ("Several cards a play, and only the next player may call a doubt.",
             "1回に複数枚出せて、ダウトをかけられるのは次の人だけ。"),
            {"max_cards_per_play": 4, "cheat": True}),
)

LABELS: dict[str, OptionLabel] = {
    "max_cards_per_play": OptionLabel(
        ("Most cards a play", "1回に出せる最大枚数"),
        ("Cards put face down in one play, all claimed as the rank called.",
         "1回に裏向きで出せる枚数。すべてその回の数字として出します。")),
    "cheat": OptionLabel(
        ("Only the next player may doubt", "ダウトは次の人だけ"),
        ("As in Cheat: only the player after the one who played may call.",
         "チートのように、出した人の次の人だけがダウトをかけられます。")),
    "repeat_rank_after_lie": OptionLabel(
        ("Repeat the rank after a lie", "ウソの後は同じ数字から"),
        ("After a caught lie the next play claims the same rank again.",
         "ウソが見抜かれたら、次の人は同じ数字から出し直します。"),
        advanced=True),
    "doubter_leads": OptionLabel(
        ("A right doubter plays next", "ダウト成功者が次の番"),
        ("After a successful doubt, the one who called plays next.",
         "ダウトに成功した人が次に出します。"),
        advanced=True),
    "show_pile": OptionLabel(
        ("Show the taken pile", "引き取る場札を見せる"),
        ("A doubted pile is taken face up: everyone sees all of it, not only the doubted play.",
         "ダウトされた札だけでなく、引き取る場札をすべて全員に見せます。"),
        advanced=True),
    "rank_rest": OptionLabel(
        ("Rank the others by cards left", "残りの人も枚数で順位"),
        ("The players who did not go out are ranked by the cards they hold.",
         "上がれなかった人を、残り枚数の少ない順に順位付けします。"),
        advanced=True),
    "decks": OptionLabel(
        ("Decks", "トランプの組数"),
        ("52-card decks shuffled together.", "混ぜて使うトランプの組数です。"),
        advanced=True),
    "jokers": OptionLabel(
        ("Jokers", "ジョーカー"),
        ("Jokers added to the deck: wild, and may be the last card.",
         "加えるジョーカーの枚数。どの数字にもなり、最後の1枚にもできます。")),
    "penalty": OptionLabel(
        ("Penalty for a lost doubt", "ダウトに負けたときの罰"),
        ("What the loser of a doubt gets.", "ダウトに負けた人が受ける罰です。"),
        values={"pile": ("Takes the pile", "場札を引き取る"),
                "forfeit": ("Is out of the game", "手札を捨てて負け"),
                "two_cards": ("Two cards change hands", "2枚をやりとり")}),
    "require_successful_doubt": OptionLabel(
        ("A doubt won before going out", "上がるにはダウト成功が必要"),
        ("Emptying your hand without ever winning a doubt makes you take the pile instead.",
         "一度もダウトに成功せずに手札がなくなったら、場札を引き取ります。"),
        advanced=True),
    "round_limit": OptionLabel(
        ("Rounds", "周回数"),
        ("End after this many rounds (everyone plays once a round), ranking by cards left; 0 for no limit.",
         "この周回数（全員が1回ずつ出して1周）で終わり、残り枚数で順位を決めます。0なら制限なし。")),
    "max_steps": MAX_STEPS_LABEL,
}
