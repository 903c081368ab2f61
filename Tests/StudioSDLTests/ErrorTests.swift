import Foundation
import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    @Suite struct ErrorTests {
        @Test("a missing font directory gives an error naming the paths and the Debian package")
        func missingFont() {
            let error = #expect(throws: SDLError.self) {
                _ = try FontLibrary(paths: FontPaths(latinDirectory: "/nonexistent/fonts"))
            }
            let text = error?.description ?? ""
            #expect(text.contains("/nonexistent/fonts/DejaVuSans.ttf"))
            #expect(text.contains("/nonexistent/fonts/DejaVuSans-Bold.ttf"))
            #expect(text.contains("fonts-dejavu-core"))
        }

        @Test("a missing CJK font names its path and fonts-noto-cjk")
        func missingCJKFont() {
            let error = #expect(throws: SDLError.self) {
                _ = try FontLibrary(paths: FontPaths(cjkDirectory: "/nonexistent/noto"))
            }
            #expect(error?.description.contains("/nonexistent/noto/NotoSansCJK-Regular.ttc") == true)
            #expect(error?.description.contains("fonts-noto-cjk") == true)
        }

        @Test("a damaged font file is refused when the library is made, naming the file and the package to reinstall")
        func damagedFont() throws {
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("damaged-fonts-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let good = try Data(contentsOf: URL(fileURLWithPath: FontPaths().regular))
            // The regular face cut to its first kilobyte: the file exists, its tables do not.
            try good.prefix(1024).write(to: folder.appendingPathComponent("DejaVuSans.ttf"))
            try good.write(to: folder.appendingPathComponent("DejaVuSans-Bold.ttf"))
            let error = #expect(throws: SDLError.self) {
                _ = try FontLibrary(paths: FontPaths(latinDirectory: folder.path))
            }
            let text = error?.description ?? ""
            #expect(text.contains(folder.appendingPathComponent("DejaVuSans.ttf").path))
            #expect(text.contains("apt-get install --reinstall fonts-dejavu-core"))
            #expect(!text.contains("TTF_OpenFontIndex"))
        }

        @Test("asking for a window with no display explains xvfb-run and the headless mode")
        func noDisplay() {
            // The environment check fails before SDL video is touched.
            let error = #expect(throws: SDLError.self) {
                _ = try SDLRuntime(video: true, environment: [:])
            }
            guard case .noDisplay = error else {
                Issue.record("expected .noDisplay, got \(String(describing: error))")
                return
            }
            let text = error?.description ?? ""
            #expect(text.contains("no display"))
            #expect(text.contains("xvfb-run -a studio run"))
            #expect(text.contains("studio run --headless --frames N --screenshot out.png"))
        }

        @Test("an offscreen target without pixels is refused with the size it was given")
        func invalidTargetSize() throws {
            let fonts = try FontLibrary()
            let error = #expect(throws: SDLError.self) {
                _ = try OffscreenTarget(width: 0, height: 1280, fonts: fonts, assetsDirectory: "/tmp")
            }
            #expect(error == .invalidSize(width: 0, height: 1280))
            #expect(error?.description.contains("0x1280") == true)
        }

        @Test("an SDL call failure carries the call's name and SDL's message")
        func callFailedDescription() {
            let error = SDLError.callFailed(call: "SDL_CreateWindow", message: "out of cheese")
            #expect(error.description == "SDL_CreateWindow failed: out of cheese")
        }
    }
}
