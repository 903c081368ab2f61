import StudioKit

/// F5 reloads the studio configurations while the app runs. The room on screen keeps
/// running either way; the next room opened uses the new configurations. A bad file is
/// reported (toast and log) with its file, key path and reason, and changes nothing.
public final class ConfigReloadOverlay: FrameOverlay {
    public let store: ConfigStore
    /// What the last reload said (for tests and the log).
    public private(set) var lastMessage: String?

    public init(store: ConfigStore) { self.store = store }

    public func handle(_ event: InputEvent, driver: StudioDriver) -> Bool {
        guard case .key(let key) = event, key.key == .f5, key.isDown else { return false }
        switch store.reload() {
        case .success(let count):
            lastMessage = "Reloaded \(count) studio configurations; the next room uses them"
        case .failure(let error):
            lastMessage = "Configuration not reloaded: \(error)"
            driver.log(lastMessage!)
        }
        driver.studio.announcer.post(.toastRequested, .text(lastMessage!))
        return true
    }

    public func decorate(_ canvas: Canvas, driver: StudioDriver) {}
}
