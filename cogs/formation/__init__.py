"""Formation (陣形バトル): two players, three rounds of seven battles between secret formations."""
