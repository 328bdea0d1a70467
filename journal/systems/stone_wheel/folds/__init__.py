"""Stone Wheel projections: ``sheet`` folds ``stone_wheel.*`` events into character sheets and XP ledgers."""
