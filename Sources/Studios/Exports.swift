// A room is built from the three modules below it; an app or a package that builds rooms
// imports `Studios` and gets them all, as it did when they were one module.
@_exported import StudioDomain
@_exported import StudioFeed
@_exported import StudioWidgets
