"""Daifugo's compiled engine: its rows' layout, its rules as kernels and its batch class."""
