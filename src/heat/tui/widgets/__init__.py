"""Small widgets, each with one job: the track map, the hand, the gearbox, the preview..."""
