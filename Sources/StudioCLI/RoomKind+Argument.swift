import ArgumentParser
import StudioKit

// `--kind audience`: the command line reads a kind as the configurations spell it; whether
// the catalog has it is checked where the command runs, with the list of known kinds.
extension RoomKind: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}
