import CRendererProbe
import Foundation

/// Which renderer SDL would give a window, read by a copy of this program started for that
/// alone (`renderer_probe.h`), so that a session that ends up presenting through the
/// window's surface never has a GL driver loaded: Mesa's llvmpipe brings LLVM, tens of
/// megabytes resident for the whole session, only to say its name.
enum RendererProbe {
    enum Outcome: Equatable {
        /// An OpenGL renderer, by its `GL_RENDERER` name.
        case gl(String)
        /// A renderer that is not OpenGL (no GL name to read), by SDL's name for it.
        case renderer(String)
        /// No accelerated renderer, and SDL's reason.
        case none(String)
    }

    /// The probe's answer; nil when the copy could not be started, said nothing readable,
    /// or took longer than `timeout` seconds (it is then stopped).
    static func run(timeout: Double = 10) -> Outcome? {
        _ = lsrp_linked()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = []
        var environment = ProcessInfo.processInfo.environment
        environment[LSRP_PROBE_ENVIRONMENT] = "1"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        do { try process.run() } catch { return nil }
        if done.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            done.wait()
            return nil
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return parse(text)
    }

    /// The probe's line: "gl NAME", "renderer NAME" or "none WHY".
    static func parse(_ text: String) -> Outcome? {
        guard let line = text.split(separator: "\n").first else { return nil }
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "gl": return .gl(parts[1])
        case "renderer": return .renderer(parts[1])
        case "none": return .none(parts[1])
        default: return nil
        }
    }

    /// Whether a GL renderer's name is one that rasterizes on the CPU (Mesa's llvmpipe,
    /// softpipe or swrast).
    static func isCPURasterizer(_ name: String) -> Bool {
        ["llvmpipe", "softpipe", "swrast", "software rasterizer"].contains { name.lowercased().contains($0) }
    }
}
