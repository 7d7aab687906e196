"""The ``kakehiki`` command line: ``games``, ``rules``, ``play``, ``sim``, ``arena``, ``replay``, ``verify``, ``serve``.

The app is built by :func:`build_app` rather than at import time so that its help
texts come from the message catalog in the locale's language.  This module does
not use ``from __future__ import annotations``: Typer reads the parameter
annotations, which are built inside :func:`build_app` with translated help.
"""

from importlib import metadata
from pathlib import Path
from typing import Annotated, Any

import typer

from kakehiki import __version__
from kakehiki.cli.arena import arena_command, gauntlet_command
from kakehiki.cli.common import Engine, Lang, fail
from kakehiki.cli.lang import set_language, t
from kakehiki.cli.learn import learn_command
from kakehiki.cli.play import play_command
from kakehiki.cli.replay import replay_command, verify_command
from kakehiki.cli.rules import games_command, rules_command
from kakehiki.cli.serve import serve_command
from kakehiki.cli.sim import sim_command
from kakehiki.i18n import detect_language


def build_app() -> typer.Typer:
    """The Typer app, with help in the locale's language (``--lang`` sets the language of the output)."""
    set_language(detect_language())
    app = typer.Typer(help=t("help.app"), no_args_is_help=True, add_completion=False, rich_markup_mode=None,
                      pretty_exceptions_enable=False)

    @app.callback()
    def root(
        version: Annotated[bool, typer.Option("--version", help=t("help.version"), is_eager=True,
                                              callback=_print_version)] = False,
    ) -> None:
        pass

    _add_info_commands(app)
    _add_play(app)
    _add_sim(app)
    _add_arena(app)
    _add_replay(app)
    _add_verify(app)
    _add_serve(app)
    return app


def _print_version(asked: bool) -> None:
    if asked:
        typer.echo(f"kakehiki {package_version()}")
        raise typer.Exit()


def package_version() -> str:
    """The installed distribution's version, else the package's own (run from a source tree)."""
    try:
        return metadata.version("kakehiki")
    except metadata.PackageNotFoundError:
        return __version__


def _lang_option() -> Any:
    return typer.Option("--lang", help=t("help.lang"), case_sensitive=False)


def _game_argument() -> Any:
    return typer.Argument(metavar="GAME", help=t("help.game"), show_default=False)


def _rules_option() -> Any:
    return typer.Option("--rules", metavar="NAME", help=t("help.rules_set"), show_default=False)


def _options_option() -> Any:
    return typer.Option("-o", "--option", metavar="NAME=VALUE", help=t("help.option"), show_default=False)


def _add_info_commands(app: typer.Typer) -> None:
    @app.command("games", help=t("help.games"))
    def games(lang: Annotated[Lang | None, _lang_option()] = None) -> None:
        games_command(lang)

    @app.command("rules", help=t("help.rules"))
    def rules(
        game_id: Annotated[str, _game_argument()],
        markdown: Annotated[bool, typer.Option("--markdown", help=t("help.rules_markdown"))] = False,
        lang: Annotated[Lang | None, _lang_option()] = None,
    ) -> None:
        rules_command(game_id, lang, markdown)

    @app.command("learn", help=t("help.learn"))
    def learn(
        game_id: Annotated[str, _game_argument()],
        lang: Annotated[Lang | None, _lang_option()] = None,
        plain: Annotated[bool, typer.Option("--plain", help=t("help.play_plain"))] = False,
    ) -> None:
        learn_command(game_id, lang, plain=plain)


def _add_play(app: typer.Typer) -> None:
    @app.command("play", help=t("help.play"))
    def play(
        game_id: Annotated[str, _game_argument()],
        options: Annotated[list[str] | None, _options_option()] = None,
        seed: Annotated[int | None, typer.Option(help=t("help.play_seed"))] = None,
        players: Annotated[int | None, typer.Option(help=t("help.players"))] = None,
        bots: Annotated[str, typer.Option(help=t("help.play_bots"))] = "normal",
        save: Annotated[Path | None, typer.Option(help=t("help.play_save"), dir_okay=False)] = None,
        lang: Annotated[Lang | None, _lang_option()] = None,
        reaction: Annotated[float | None, typer.Option(metavar="SECONDS", help=t("help.play_reaction"),
                                                       show_default=False)] = None,
        rules: Annotated[str | None, _rules_option()] = None,
        plain: Annotated[bool, typer.Option("--plain", help=t("help.play_plain"))] = False,
    ) -> None:
        play_command(game_id, options, seed, players, bots, save, lang, reaction, rules, plain=plain)


def _ray_option() -> Any:
    return typer.Option(metavar="ADDRESS", help=t("help.ray"), show_default=False)


def _add_sim(app: typer.Typer) -> None:
    @app.command("sim", help=t("help.sim"))
    def sim(
        game_id: Annotated[str, _game_argument()],
        games: Annotated[int, typer.Option(help=t("help.sim_games"))] = 100,
        seed: Annotated[int, typer.Option(help=t("help.sim_seed"))] = 0,
        players: Annotated[int | None, typer.Option(help=t("help.players"))] = None,
        bots: Annotated[str, typer.Option(help=t("help.sim_bots"))] = "normal",
        save: Annotated[Path | None, typer.Option(help=t("help.sim_save"), file_okay=False)] = None,
        as_json: Annotated[bool, typer.Option("--json", help=t("help.json"))] = False,
        options: Annotated[list[str] | None, _options_option()] = None,
        lang: Annotated[Lang | None, _lang_option()] = None,
        engine: Annotated[Engine, typer.Option(help=t("help.sim_engine"))] = Engine.reference,
        rules: Annotated[str | None, _rules_option()] = None,
        workers: Annotated[int | None, typer.Option(help=t("help.workers"), min=1)] = None,
        ray: Annotated[str | None, _ray_option()] = None,
    ) -> None:
        sim_command(game_id, games, seed, players, bots, save, as_json, options, lang, engine.value, rules,
                    workers, ray)


def _add_arena(app: typer.Typer) -> None:
    @app.command("arena", help=t("help.arena"))
    def arena(
        game_id: Annotated[str, _game_argument()],
        bots: Annotated[str | None, typer.Option(help=t("help.arena_bots"))] = None,
        gauntlet: Annotated[str | None, typer.Option(metavar="BOT", help=t("help.arena_gauntlet"))] = None,
        games: Annotated[int, typer.Option(help=t("help.arena_games"))] = 100,
        seed: Annotated[int, typer.Option(help=t("help.sim_seed"))] = 0,
        workers: Annotated[int | None, typer.Option(help=t("help.workers"), min=1)] = None,
        as_json: Annotated[bool, typer.Option("--json", help=t("help.json"))] = False,
        out: Annotated[Path | None, typer.Option(help=t("help.arena_out"), file_okay=False)] = None,
        options: Annotated[list[str] | None, _options_option()] = None,
        lang: Annotated[Lang | None, _lang_option()] = None,
        engine: Annotated[Engine, typer.Option(help=t("help.sim_engine"))] = Engine.reference,
        ray: Annotated[str | None, _ray_option()] = None,
        every_order: Annotated[bool, typer.Option("--every-order", help=t("help.arena_every_order"))] = False,
    ) -> None:
        if gauntlet is not None:
            if engine is Engine.fast:
                fail(t("error.gauntlet_engine"))
            gauntlet_command(game_id, gauntlet, bots, games, seed, workers, as_json, options, lang, ray)
        else:
            arena_command(game_id, bots, games, seed, workers, as_json, out, options, lang, engine.value, ray,
                          every_order)


def _add_verify(app: typer.Typer) -> None:
    @app.command("verify", help=t("help.verify"))
    def verify(
        path: Annotated[Path, typer.Argument(metavar="FILE", help=t("help.replay_file"), dir_okay=False)],
        lang: Annotated[Lang | None, _lang_option()] = None,
    ) -> None:
        verify_command(path, lang)


def _add_replay(app: typer.Typer) -> None:
    @app.command("replay", help=t("help.replay"))
    def replay(
        path: Annotated[Path, typer.Argument(metavar="FILE", help=t("help.replay_file"), dir_okay=False)],
        as_json: Annotated[bool, typer.Option("--json", help=t("help.json"))] = False,
        show: Annotated[bool, typer.Option("--show", help=t("help.replay_show"))] = False,
        seat: Annotated[int | None, typer.Option("--seat", help=t("help.replay_seat"), min=0)] = None,
        lang: Annotated[Lang | None, _lang_option()] = None,
        plain: Annotated[bool, typer.Option("--plain", help=t("help.replay_plain"))] = False,
    ) -> None:
        replay_command(path, as_json, lang, show=show, seat=seat, plain=plain)


def _add_serve(app: typer.Typer) -> None:
    @app.command("serve", help=t("help.serve"))
    def serve(
        host: Annotated[str, typer.Option("--host", help=t("help.serve_host"))] = "127.0.0.1",
        port: Annotated[int, typer.Option("--port", help=t("help.serve_port"), min=0, max=65535)] = 8000,
        db: Annotated[str | None, typer.Option("--db", metavar="PATH|URL", help=t("help.serve_db"),
                                               show_default=False)] = None,
        allow_origin: Annotated[list[str] | None, typer.Option("--allow-origin", metavar="ORIGIN",
                                                               help=t("help.serve_origin"))] = None,
        rooms_per_minute: Annotated[int, typer.Option("--rooms-per-minute", help=t("help.serve_rooms"),
                                                      min=1, max=100_000)] = 30,
        shard: Annotated[str, typer.Option("--shard", metavar="K/N", help=t("help.serve_shard"))] = "0/1",
        host_name: Annotated[list[str] | None, typer.Option("--host-name", metavar="NAME",
                                                            help=t("help.serve_host_name"))] = None,
        trusted_proxy: Annotated[list[str] | None, typer.Option("--trusted-proxy", metavar="ADDRESS",
                                                                help=t("help.serve_trusted_proxy"))] = None,
        sockets_per_address: Annotated[int, typer.Option("--sockets-per-address", min=1, max=1_000_000,
                                                         help=t("help.serve_sockets"))] = 32,
        advertise: Annotated[str | None, typer.Option("--advertise", metavar="HOST:PORT",
                                                      help=t("help.serve_advertise"))] = None,
        deflate: Annotated[bool, typer.Option("--deflate/--no-deflate", help=t("help.serve_deflate"))] = True,
    ) -> None:
        serve_command(host, port, db, allow_origin or [], rooms_per_minute, shard, host_name or [],
                      trusted_proxy or [], sockets_per_address, advertise, deflate)


def main() -> None:
    """The console-script entry point."""
    build_app()()


if __name__ == "__main__":
    main()
