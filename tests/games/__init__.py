"""Each game's own tests and data, one package per game (tests/games/<package>/); the
cross-game tests and the shared helpers are in tests/."""
