"""Star Road's design lab: the author edits the game's data, checks it, and measures it with
bot games (`parlor starroad check-chart | check-characters | lab | compare`, docs/starroad.md).
The commands reach the CLI through `StarRoad.cli_commands`, the lab's report pages reach
`parlor.sim.report` through `StarRoad.lab_pages`."""
