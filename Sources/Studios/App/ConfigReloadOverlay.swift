import StudioKit

/// F5 reloads the studio configurations while the app runs. The room on screen keeps
/// running either way; the next room opened uses the new configurations. A bad file is
/// reported (toast and log) with its file, key path and reason, and changes nothing: its
/// kind keeps the configuration it had, while the good files of the same reload are taken.
public final class ConfigReloadOverlay: FrameOverlay {
    public let store: ConfigStore
    /// What the last reload said (for tests and the log).
    public private(set) var lastMessage: String?

    public init(store: ConfigStore) { self.store = store }

    public func handle(_ event: InputEvent, driver: StudioDriver) -> Bool {
        guard case .key(let key) = event, key.key == .f5, key.isDown else { return false }
        switch store.reload() {
        case .success(let reload) where reload.skipped.isEmpty:
            lastMessage = "Reloaded \(reload.loaded) studio configurations; the next room uses them"
        case .success(let reload):
            lastMessage = "Reloaded \(reload.loaded) studio configurations; not reloaded, kept as they were: "
                + reload.skipped.map(\.description).joined(separator: "; ")
            driver.log(lastMessage!)
        case .failure(let error):
            lastMessage = "Configuration not reloaded: \(error)"
            driver.log(lastMessage!)
        }
        driver.studio.announcer.post(.toastRequested, .text(lastMessage!))
        return true
    }

    public func decorate(_ canvas: Canvas, driver: StudioDriver) {}
}
