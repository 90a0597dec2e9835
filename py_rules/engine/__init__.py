"""What plays and judges games: exact solvers, the computer players, move review,
the perfect-play analysis and the puzzle sets. Built on the rules only."""
