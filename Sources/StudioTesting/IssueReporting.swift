import Foundation
import XCTest

#if canImport(Testing)
import Testing
#endif

/// Fails the running test without stopping it, in Swift Testing or XCTest, whichever runs it:
/// a missing golden is recorded and reported this way, so that the test goes on to record
/// the others and one run records them all.
func reportFailure(_ message: String, file: StaticString, line: UInt) {
    #if canImport(Testing)
    if Test.current != nil {
        let path = "\(file)"
        let url = URL(fileURLWithPath: path)
        let fileID = "\(url.deletingLastPathComponent().lastPathComponent)/\(url.lastPathComponent)"
        Issue.record(
            Testing.Comment(rawValue: message),
            sourceLocation: SourceLocation(fileID: fileID, filePath: path, line: Int(line), column: 1))
        return
    }
    #endif
    XCTFail(message, file: file, line: line)
}
