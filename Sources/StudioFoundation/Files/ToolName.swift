import Foundation

/// The name the running program goes by in what it writes on standard error ("studio:
/// warning: …"): `studio`, or the executable of a package built on LiveStudio
/// (`lucky-studio`), which sets it before any command runs (`StudioApp.main`). A user reads
/// the name of the program they ran, not LiveStudio's.
public enum ToolName {
    /// Set once at start, read from any thread that writes a line.
    private static let name = Locked("studio")

    package static var current: String {
        get { name.value }
        set { name.withLock { $0 = newValue } }
    }

    /// Writes "<name>: <line>" on standard error.
    public static func say(_ line: String) {
        FileHandle.standardError.write(Data("\(current): \(line)\n".utf8))
    }
}
