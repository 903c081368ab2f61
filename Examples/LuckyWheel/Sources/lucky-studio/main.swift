import LuckyWheel
import StudioCLI
import Studios

// Every `studio` command (run, snapshot, dump, audit, bench) with the lucky wheel added.
StudioApp.main(catalog: .standard + LuckyWheel.catalog)
