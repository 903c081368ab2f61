import StudioKit
