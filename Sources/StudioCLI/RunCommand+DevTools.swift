import Foundation
import StudioDevTools
import StudioKit

extension RunCommand {
    /// With `--devtools`: the DevTools overlay on `driver`, and its server listening on
    /// 127.0.0.1, its address printed on standard output as `DevTools: http://…`. Without it,
    /// nothing: no port is opened.
    ///
    /// - Throws: `DevToolsError` naming `--devtools-port` when the server cannot listen.
    func startDevTools(on driver: StudioDriver) throws -> DevToolsServer? {
        guard devtools else { return nil }
        let bridge = DevToolsBridge()
        driver.overlays.append(DevToolsOverlay(bridge: bridge))
        let server = try DevToolsServer(bridge: bridge, port: UInt16(clamping: devtoolsPort ?? 0))
        let url = try server.start()
        // Written straight to the descriptor: a script reading the line gets it now, not when
        // a buffer fills.
        FileHandle.standardOutput.write(Data("DevTools: \(url.absoluteString)\n".utf8))
        return server
    }
}
