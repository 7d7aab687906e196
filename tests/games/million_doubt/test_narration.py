"""Million Doubt in words (issue 14): a seat's own face-down cards are marked as such; plain
play (face_down=false) never speaks of face-down plays."""

from __future__ import annotations

from kakehiki.narrate import Narration, narrator_for
from transcript_million_doubt import GAME, deal, run

HANDS = {
    0: "S3 H4 H7 S8 D10 CJ CK",
    1: "H3 D5 S7 H9 DQ C2 SA",
}
LABELS = ["Seat 0", "Seat 1"]


def test_a_face_down_card_reads_face_down_to_its_owner_and_unknown_to_others() -> None:
    # Seat 0 leads H7 face up and one more card face down, naming H4 as the hidden one.
    state, events = run(deal(HANDS), "0: show H7, play *1, hide H4")
    played = next(e for e in events if type(e).__name__ == "Played")
    own = narrator_for("million-doubt", "en", 0).event(played.seen_by(0), LABELS)
    other = narrator_for("million-doubt", "en", 1).event(played.seen_by(1), LABELS)
    assert own == "Seat 0 leads H7 [H4]." and other == "Seat 0 leads H7 ?."
    lines = narrator_for("million-doubt", "en", 0).view(GAME.view(state, 0), LABELS)
    assert "  Seat 0: H7 [H4]" in "\n".join(lines) and any("[H4]: a card you laid face down" in x for x in lines)
    assert not any("[" in x for x in narrator_for("million-doubt", "en", 1).view(GAME.view(state, 1), LABELS))


def test_plain_play_prompts_never_mention_face_down_plays() -> None:
    for lang in ("en", "ja"):
        for options in ({"face_down": False}, {"face_down": False, "deal": "seven"}):
            state = GAME.new(players=3, seed=4, options={"first_leader": 0, **options})
            prompt = narrator_for("million-doubt", lang, 0).prompt(GAME.view(state, 0), GAME.legal_actions(state, 0))
            assert "down" not in prompt and "play S5 H5" in prompt
        face_down = GAME.new(players=3, seed=4, options={"first_leader": 0})
        assert "play S5 down C4" in narrator_for("million-doubt", lang, 0).prompt(GAME.view(face_down, 0),
                                                                                GAME.legal_actions(face_down, 0))


def test_one_card_is_one_card_in_english() -> None:
    narrator = narrator_for("million-doubt", "en", 0)
    assert isinstance(narrator, Narration)  # the game's narrator, with the catalog's words
    line = narrator.t("million-doubt.event.cleared", count=1, why="8", seat="Seat 1")
    assert "(1 card)" in line
    assert "(11 cards)" in narrator.t("million-doubt.event.cleared", count=11, why="8", seat="Seat 1")


def test_dhumbal_results_count_rounds_and_the_others_games() -> None:
    from kakehiki import get_game
    from kakehiki.bots import make_bot
    from kakehiki.driver import play_out

    for game_id, word in (("dhumbal", "round 1:"), ("dobon", "game 1:")):
        game = get_game(game_id)
        state = game.new(seed=1)
        final = play_out(game, state, [make_bot(game_id, "normal") for _ in range(game.players(state))], seed=1).state
        result = game.result(final)
        assert result is not None
        assert word in "\n".join(narrator_for(game_id, "en", 0).result(result, ["a", "b", "c", "d", "e", "f"]))
