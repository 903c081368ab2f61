import CSDL2
import StudioKit
import Testing

@testable import StudioSDL

extension SDLTests {
    /// SDL events are built by hand here; no video subsystem is needed to translate them.
    @Suite struct InputTranslatorTests {
        static func mouseButton(_ type: SDL_EventType, x: Int32, y: Int32, which: UInt32 = 0) -> SDL_Event {
            var e = SDL_Event()
            e.type = type.rawValue
            e.button.button = UInt8(SDL_BUTTON_LEFT)
            e.button.which = which
            e.button.x = x
            e.button.y = y
            return e
        }

        /// Mouse motion; `held` sets the left button in the motion's button state, as SDL does
        /// during a drag.
        static func motion(x: Int32, y: Int32, held: Bool = false) -> SDL_Event {
            var e = SDL_Event()
            e.type = SDL_MOUSEMOTION.rawValue
            e.motion.x = x
            e.motion.y = y
            e.motion.state = held ? 1 : 0
            return e
        }

        static func finger(_ type: SDL_EventType, id: SDL_FingerID, x: Float, y: Float) -> SDL_Event {
            var e = SDL_Event()
            e.type = type.rawValue
            e.tfinger.touchId = 1
            e.tfinger.fingerId = id
            e.tfinger.x = x
            e.tfinger.y = y
            return e
        }

        static func translate(_ events: [SDL_Event], mapping: InputMapping = .logical(.studio)) -> [InputEvent] {
            var translator = SDLInputTranslator()
            var out: [InputEvent] = []
            for e in events {
                translator.translate(e, time: 1, mapping: mapping, into: &out)
            }
            return out
        }

        @Test("in a 1000x1280 window surface, positions map through the letterbox and presses on the bars are ignored")
        func windowSurfaceMapping() {
            let mapping = InputMapping(
                letterbox: Letterbox(logicalSize: .studio, containerWidth: 1000, height: 1280),
                fingerArea: Size(width: 1000, height: 1280))
            let out = Self.translate(
                [
                    Self.mouseButton(SDL_MOUSEBUTTONDOWN, x: 50, y: 20),  // left bar: ignored
                    Self.motion(x: 150, y: 25, held: true),  // its drag: ignored
                    Self.mouseButton(SDL_MOUSEBUTTONUP, x: 150, y: 26),
                    Self.mouseButton(SDL_MOUSEBUTTONDOWN, x: 150, y: 20),  // on the studio
                    Self.motion(x: 950, y: 25, held: true),  // dragged onto the bar: kept
                    Self.mouseButton(SDL_MOUSEBUTTONUP, x: 950, y: 26),
                    Self.finger(SDL_FINGERDOWN, id: 3, x: 0.05, y: 0.5),  // the left bar: ignored
                    Self.finger(SDL_FINGERUP, id: 3, x: 0.05, y: 0.5),
                    Self.finger(SDL_FINGERDOWN, id: 4, x: 0.5, y: 0.5),
                ], mapping: mapping)
            #expect(
                out == [
                    .pointer(PointerEvent(.down, id: 0, at: Point(x: 10, y: 20), time: 1)),
                    .pointer(PointerEvent(.moved, id: 0, at: Point(x: 810, y: 25), time: 1)),
                    .pointer(PointerEvent(.up, id: 0, at: Point(x: 810, y: 26), time: 1)),
                    .pointer(PointerEvent(.down, id: 1, at: Point(x: 360, y: 640), time: 1)),
                ])
        }

        @Test("a left-button drag becomes down, moved and up of pointer 0; motion with no button is a hover")
        func mouseDrag() {
            let out = Self.translate([
                Self.motion(x: 1, y: 1),  // no button held: a hover
                Self.mouseButton(SDL_MOUSEBUTTONDOWN, x: 10, y: 20),
                Self.motion(x: 15, y: 25, held: true),
                Self.mouseButton(SDL_MOUSEBUTTONUP, x: 16, y: 26),
            ])
            #expect(
                out == [
                    .pointer(PointerEvent(.hovered, id: 0, at: Point(x: 1, y: 1), time: 1)),
                    .pointer(PointerEvent(.down, id: 0, at: Point(x: 10, y: 20), time: 1)),
                    .pointer(PointerEvent(.moved, id: 0, at: Point(x: 15, y: 25), time: 1)),
                    .pointer(PointerEvent(.up, id: 0, at: Point(x: 16, y: 26), time: 1)),
                ])
        }

        @Test("the mouse leaving the window is a hover off the studio, unless a button is held")
        func mouseLeaves() {
            var leave = SDL_Event()
            leave.type = SDL_WINDOWEVENT.rawValue
            leave.window.event = UInt8(SDL_WINDOWEVENT_LEAVE.rawValue)
            #expect(
                Self.translate([Self.motion(x: 5, y: 6), leave]) == [
                    .pointer(PointerEvent(.hovered, id: 0, at: Point(x: 5, y: 6), time: 1)),
                    .pointer(PointerEvent(.hovered, id: 0, at: Point(x: -1, y: -1), time: 1)),
                ])
            // A drag that leaves the window goes on: SDL still reports its motion.
            let dragging = Self.translate([Self.mouseButton(SDL_MOUSEBUTTONDOWN, x: 10, y: 20), leave])
            #expect(dragging == [.pointer(PointerEvent(.down, id: 0, at: Point(x: 10, y: 20), time: 1))])
        }

        @Test("mouse events SDL synthesizes from touches are dropped")
        func syntheticMouseDropped() {
            let out = Self.translate([Self.mouseButton(SDL_MOUSEBUTTONDOWN, x: 10, y: 20, which: UInt32.max)])
            #expect(out.isEmpty)
        }

        @Test("fingers get their own pointer ids and normalized positions become logical")
        func fingers() {
            let out = Self.translate([
                Self.finger(SDL_FINGERDOWN, id: 0, x: 0.5, y: 0.5),
                Self.finger(SDL_FINGERDOWN, id: 7, x: 0.25, y: 0.25),
                Self.finger(SDL_FINGERUP, id: 0, x: 0.5, y: 0.75),
            ])
            #expect(
                out == [
                    .pointer(PointerEvent(.down, id: 1, at: Point(x: 360, y: 640), time: 1)),
                    .pointer(PointerEvent(.down, id: 2, at: Point(x: 180, y: 320), time: 1)),
                    .pointer(PointerEvent(.up, id: 1, at: Point(x: 360, y: 960), time: 1)),
                ])
        }

        @Test("keys map to studio keys and closing the window is quit")
        func keysAndQuit() {
            var key = SDL_Event()
            key.type = SDL_KEYDOWN.rawValue
            key.key.keysym.sym = SDL_Keycode(bitPattern: SDLK_l.rawValue)
            var quit = SDL_Event()
            quit.type = SDL_QUIT.rawValue
            #expect(Self.translate([key, quit]) == [.key(KeyEvent(.l)), .quit])
            #expect(SDLInputTranslator.key(for: SDL_Keycode(bitPattern: SDLK_F3.rawValue)) == .f3)
            #expect(SDLInputTranslator.key(for: SDL_Keycode(bitPattern: SDLK_ESCAPE.rawValue)) == .escape)
            #expect(SDLInputTranslator.key(for: SDL_Keycode(bitPattern: SDLK_a.rawValue)) == .other)
        }

        @Test("the offscreen backend returns queued input once")
        func offscreenBackendInput() throws {
            let f = try Fixture()
            let backend = try OffscreenBackend(fonts: f.fonts, assetsDirectory: f.assets.path)
            backend.enqueue([.key(KeyEvent(.space))])
            #expect(backend.pollInput(now: 0) == [.key(KeyEvent(.space))])
            #expect(backend.pollInput(now: 1).isEmpty)
        }
    }
}
