"""The online table server (`kakehiki serve`): needs the `web` extra."""
