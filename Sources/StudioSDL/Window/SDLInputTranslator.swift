import CSDL2
import StudioKit

/// Turns SDL events into StudioKit input: the left mouse button is pointer 0, each finger
/// gets its own pointer id from 1 up, keys map to `Key`, typed text is `.text`, closing the
/// window is `.quit`.
///
/// Positions are mapped to logical pixels by the presenter's `InputMapping`: mouse positions
/// arrive in window (or, under a renderer's logical size, logical) coordinates, finger
/// positions normalized (0...1).
struct SDLInputTranslator {
    private var mousePosition: Point?
    /// Active fingers: SDL's finger id -> our pointer id and last position.
    private var fingers: [SDL_FingerID: (id: Int, position: Point)] = [:]
    private var nextFingerID = 1

    // SDL synthesizes mouse events from touches (and can do the reverse); these ids mark
    // the synthetic ones, which are dropped so one finger is not seen as two pointers.
    static let touchMouseID = UInt32.max  // SDL_TOUCH_MOUSEID, ((Uint32)-1)
    static let mouseTouchID = SDL_TouchID(-1)  // SDL_MOUSE_TOUCHID, ((Sint64)-1)

    /// Appends what `event` means to `out` (nothing for events the studio ignores).
    mutating func translate(
        _ event: SDL_Event, time: Double,
        mapping: InputMapping, into out: inout [InputEvent]
    ) {
        switch SDL_EventType(rawValue: event.type) {
        case SDL_QUIT:
            out.append(.quit)
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(rawValue: UInt32(truncatingIfNeeded: event.window.event)) {
            case SDL_WINDOWEVENT_CLOSE: out.append(.quit)
            case SDL_WINDOWEVENT_FOCUS_LOST: cancelAll(time: time, into: &out)
            // The mouse left the window: a hover off the studio, so that the studio no longer
            // takes the last place it saw for where the pointer is (Space's hearts).
            case SDL_WINDOWEVENT_LEAVE where mousePosition == nil:
                out.append(.pointer(PointerEvent(.hovered, id: 0, at: Point(x: -1, y: -1), time: time)))
            default: break
            }
        case SDL_MOUSEBUTTONDOWN:
            let b = event.button
            guard b.which != Self.touchMouseID, b.button == UInt8(truncatingIfNeeded: SDL_BUTTON_LEFT) else { return }
            let p = mapping.mouse(b.x, b.y)
            // A press on the letterbox bars is not on the studio; its drag is ignored too.
            guard mapping.isOnStudio(p) else { return }
            mousePosition = p
            out.append(.pointer(PointerEvent(.down, id: 0, at: p, time: time)))
        case SDL_MOUSEMOTION:
            let m = event.motion
            guard m.which != Self.touchMouseID else { return }
            let p = mapping.mouse(m.x, m.y)
            // With the button held it is a drag; without, a hover, which only the inspector
            // reads (no touch, no gesture).
            if mousePosition != nil {
                mousePosition = p
                out.append(.pointer(PointerEvent(.moved, id: 0, at: p, time: time)))
            } else if m.state == 0 {
                out.append(.pointer(PointerEvent(.hovered, id: 0, at: p, time: time)))
            }  // else a drag that began on a letterbox bar: ignored with its press
        case SDL_MOUSEBUTTONUP:
            let b = event.button
            guard b.which != Self.touchMouseID, b.button == UInt8(truncatingIfNeeded: SDL_BUTTON_LEFT), mousePosition != nil else { return }
            mousePosition = nil
            out.append(.pointer(PointerEvent(.up, id: 0, at: mapping.mouse(b.x, b.y), time: time)))
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            translateFinger(event, time: time, mapping: mapping, into: &out)
        case SDL_KEYDOWN, SDL_KEYUP:
            let k = event.key
            out.append(
                .key(
                    KeyEvent(
                        Self.key(for: k.keysym.sym), isDown: event.type == SDL_KEYDOWN.rawValue,
                        isRepeat: k.repeat != 0)))
        case SDL_TEXTINPUT:
            // A NUL-terminated UTF-8 fragment in a fixed buffer; SDL splits longer input.
            let text = withUnsafeBytes(of: event.text.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !text.isEmpty { out.append(.text(text)) }
        default:
            break
        }
    }

    private mutating func translateFinger(
        _ event: SDL_Event, time: Double,
        mapping: InputMapping, into out: inout [InputEvent]
    ) {
        let f = event.tfinger
        guard f.touchId != Self.mouseTouchID else { return }
        let p = mapping.finger(f.x, f.y)
        switch SDL_EventType(rawValue: event.type) {
        case SDL_FINGERDOWN:
            guard mapping.isOnStudio(p) else { return }
            let id = nextFingerID
            nextFingerID += 1
            fingers[f.fingerId] = (id, p)
            out.append(.pointer(PointerEvent(.down, id: id, at: p, time: time)))
        case SDL_FINGERMOTION:
            guard let finger = fingers[f.fingerId] else { return }
            fingers[f.fingerId] = (finger.id, p)
            out.append(.pointer(PointerEvent(.moved, id: finger.id, at: p, time: time)))
        default:
            guard let finger = fingers.removeValue(forKey: f.fingerId) else { return }
            out.append(.pointer(PointerEvent(.up, id: finger.id, at: p, time: time)))
        }
    }

    /// Losing focus mid-drag means the up will never come: cancel every active pointer
    /// so recognizers do not wait for it.
    private mutating func cancelAll(time: Double, into out: inout [InputEvent]) {
        if let p = mousePosition {
            out.append(.pointer(PointerEvent(.cancelled, id: 0, at: p, time: time)))
            mousePosition = nil
        }
        for finger in fingers.values.sorted(by: { $0.id < $1.id }) {
            out.append(.pointer(PointerEvent(.cancelled, id: finger.id, at: finger.position, time: time)))
        }
        fingers.removeAll()
    }

    /// The studio key for an SDL key code (layout-aware, so L is the key labelled L).
    static func key(for code: SDL_Keycode) -> Key {
        switch UInt32(bitPattern: code) {
        case SDLK_LEFT.rawValue: return .left
        case SDLK_RIGHT.rawValue: return .right
        case SDLK_UP.rawValue: return .up
        case SDLK_DOWN.rawValue: return .down
        case SDLK_SPACE.rawValue: return .space
        case SDLK_l.rawValue: return .l
        case SDLK_ESCAPE.rawValue: return .escape
        case SDLK_RETURN.rawValue, SDLK_KP_ENTER.rawValue: return .enter
        case SDLK_BACKSPACE.rawValue: return .backspace
        case SDLK_F1.rawValue: return .f1
        case SDLK_F2.rawValue: return .f2
        case SDLK_F3.rawValue: return .f3
        case SDLK_F4.rawValue: return .f4
        case SDLK_F5.rawValue: return .f5
        case SDLK_F6.rawValue: return .f6
        default: return .other
        }
    }
}
