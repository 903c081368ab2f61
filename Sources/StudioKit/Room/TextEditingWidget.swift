/// A widget that edits text, such as a comment box. While it holds the room's text focus
/// (`Room.focusText(_:)`), typed text and every key go to it: keys that would
/// otherwise toggle lite mode or change room are typing now. Typing while no field has the
/// focus does nothing.
public protocol TextEditingWidget: Widget {
    /// Text the keyboard or an input method produced (one character or a composed run).
    func insertText(_ text: String)
    /// A key pressed while focused: Enter, Backspace and Escape edit or close; the rest are
    /// part of typing and do nothing else.
    func handleEditingKey(_ key: Key)
}
