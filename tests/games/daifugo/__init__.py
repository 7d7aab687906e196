"""daifugo's own tests and data."""
