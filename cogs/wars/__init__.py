"""3x3 Wars (サイザンウォーズ): pure rules engine, card data, renderers and the game spec."""
