"""The pure core: rules and presets, the checked hand record, the notation,
the scoring engine and the replay of an evening. Nothing here touches
storage, the terminal or the clock."""
