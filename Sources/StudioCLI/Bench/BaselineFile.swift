import Foundation
import StudioKit
import StudioProfiler

/// Reads a `--baseline` report, with errors that name the file and say what is wrong.
enum BaselineFile {
    static func load(_ path: String) throws -> BenchReport {
        let problem = FileProblem.reason(path: path)
        guard problem == nil, let data = FileManager.default.contents(atPath: path) else {
            throw BaselineMismatch(
                "--baseline \(path): cannot be read (\(problem ?? String(cString: strerror(errno)))); "
                    + "write one with studio bench --report FILE")
        }
        do {
            return try JSONDecoder().decode(BenchReport.self, from: data)
        } catch {
            throw BaselineMismatch(
                "--baseline \(path) is not a studio bench report (\(Self.reason(error))); "
                    + "write one with studio bench --report FILE")
        }
    }

    private static func reason(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "no \"\(key.stringValue)\" field"
        case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c):
            return "\(c.codingPath.map(\.stringValue).joined(separator: ".")): \(c.debugDescription)"
        case DecodingError.dataCorrupted(let c): return c.debugDescription
        default: return "\(error)"
        }
    }
}
