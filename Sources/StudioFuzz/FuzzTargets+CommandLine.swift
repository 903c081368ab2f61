import ArgumentParser
import Foundation
import StudioAppCore
import StudioCLI
import StudioInspection
import StudioKit
import StudioSDL
import Studios

/// `studio` command lines through the entry points `studio` itself uses: normalized and
/// parsed as the root command, validated, and the short headless ones run in-process.
extension FuzzTargets {
    /// Options whose value is a file the command writes.
    static let writtenFiles = ["--out", "--screenshot", "--record", "--state-out", "--trace", "--report"]
    /// Options that set how many frames a command simulates, and the most run in-process.
    static let frameOptions: [String: Double] = ["--frames": 10, "--at-time": 10.0 / 60, "--at": 10]

    func checkCommandLine(_ input: CLIInput) -> FuzzVerdict {
        let dir = work.appendingPathComponent("cli")
        try? FileManager.default.removeItem(at: dir)
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            for (name, data) in input.files { try data.write(to: dir.appendingPathComponent(name)) }
            for name in input.pipes ?? [] where mkfifo(dir.appendingPathComponent(name).path, 0o644) != 0 {
                throw FuzzUsageError("mkfifo \(name): \(String(cString: strerror(errno)))")
            }
        } catch {
            return .finding(.falseSuccess, "cannot write the command line's files in \(dir.path): \(error)")
        }
        let args = StudioCommand.normalized(arguments: input.materialized(dir: dir.path, assets: assets.path))
        var command: ParsableCommand
        do {
            command = try StudioCommand.parseAsRoot(args)
        } catch {
            // Help and version are clean exits with their text; the rest must say what is wrong.
            let message = StudioCommand.message(for: error)
            if StudioCommand.exitCode(for: error) == .success {
                return message.isEmpty ? .finding(.badMessage, "a clean exit without text") : .accepted
            }
            return Self.judge(message)
        }
        let name = String(describing: type(of: command))
        guard input.run, runnable(name, args, dir: dir.path) else { return .accepted }
        let out = Self.value(of: name == "RunCommand" ? "--screenshot" : "--out", in: args)
        if let out { try? FileManager.default.removeItem(atPath: out) }
        var thrown: Error?
        ran += 1
        let output = OutputCapture.run(in: work) {
            do { try command.run() } catch { thrown = error }
        }
        if let thrown {
            // The commands print their error, then exit 1 (audit prints its report instead).
            if name == "AuditCommand", !output.stdout.isEmpty, output.stderr.isEmpty { return .rejected("audit findings") }
            if let exit = thrown as? ExitCode, exit != .success {
                guard let line = output.stderr.split(separator: "\n").last(where: { $0.hasPrefix("studio: error:") }) else {
                    return .finding(
                        .badMessage, "\(name) failed (exit \(exit.rawValue)) without an error message; stderr: \(output.stderr.prefix(300))"
                    )
                }
                return Self.judge(String(line.dropFirst("studio: error:".count)))
            }
            return Self.judge(StudioCommand.message(for: thrown))
        }
        // Success: the output the command promises must be there.
        switch name {
        case "SnapshotCommand", "RunCommand":
            guard let out else { return .accepted }
            return Self.problem(withShot: out).map { .finding(.falseSuccess, "\(name) succeeded but \($0)") } ?? .accepted
        case "DumpCommand", "AuditCommand":
            return output.stdout.isEmpty ? .finding(.falseSuccess, "\(name) succeeded and printed nothing") : .accepted
        default:
            return .accepted
        }
    }

    /// What is wrong with the PNG a successful snapshot or screenshot wrote at `path`, or
    /// nil when it is a whole 720x1280 PNG.
    static func problem(withShot path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return "\(path) was not written" }
        let bytes = [UInt8](data)
        guard let header = try? PNGHeader.parse(bytes, path: path), header.width == 720, header.height == 1280 else {
            return "\(path) is not a 720x1280 PNG (\(bytes.count) bytes)"
        }
        // A PNG ends with its IEND chunk: one cut short was not written whole.
        guard bytes.count > 45, bytes.suffix(8).elementsEqual([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]) else {
            return "\(path) ends before its IEND chunk (\(bytes.count) bytes)"
        }
        return nil
    }

    /// Short headless commands that write only inside the work folder run in-process.
    private func runnable(_ name: String, _ args: [String], dir: String) -> Bool {
        switch name {
        case "SnapshotCommand", "DumpCommand", "AuditCommand": break
        case "RunCommand": guard args.contains("--headless") else { return false }
        default: return false
        }
        for option in Self.writtenFiles {
            for value in Self.values(of: option, in: args) where !(value == dir || value.hasPrefix(dir + "/")) || value.contains("..") {
                return false
            }
        }
        // A frame count must be given and small: defaults run hundreds of frames.
        var bounded = false
        for (option, limit) in Self.frameOptions {
            for value in Self.values(of: option, in: args) {
                guard let v = Double(value), v <= limit else { return false }
                bounded = true
            }
        }
        return bounded && !(name == "AuditCommand" && args.contains("--all"))
    }

    /// Every value given to `option`, as `--option value` or `--option=value`.
    static func values(of option: String, in args: [String]) -> [String] {
        var out: [String] = []
        for (i, a) in args.enumerated() {
            if a == "--" { break }
            if a == option, i + 1 < args.count { out.append(args[i + 1]) }
            if a.hasPrefix(option + "=") { out.append(String(a.dropFirst(option.count + 1))) }
        }
        return out
    }

    /// The value that counts (the last one given).
    static func value(of option: String, in args: [String]) -> String? { values(of: option, in: args).last }
}
