import CSDL2
import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    @Suite struct TextInputTranslatorTests {
        static func textInput(_ text: String) -> SDL_Event {
            var e = SDL_Event()
            e.type = SDL_TEXTINPUT.rawValue
            withUnsafeMutableBytes(of: &e.text.text) { buffer in
                for (i, byte) in text.utf8.prefix(buffer.count - 1).enumerated() { buffer[i] = byte }
            }
            return e
        }

        @Test("SDL's text input becomes text events, UTF-8 intact, and an empty one becomes nothing")
        func textInput() {
            var translator = SDLInputTranslator()
            var out: [InputEvent] = []
            for e in [Self.textInput("l"), Self.textInput(""), Self.textInput("小林 ok")] {
                translator.translate(e, time: 1, mapping: .logical(.studio), into: &out)
            }
            #expect(out == [.text("l"), .text("小林 ok")])
        }
    }
}
