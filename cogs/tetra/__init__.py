"""TetrAction (テトラクション): tetrites, spells and accidents for two players."""
