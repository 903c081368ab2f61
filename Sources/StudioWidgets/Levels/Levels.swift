import StudioDomain
import StudioKit

/// The levels of the widgets this module ships, in one place. A level alone decides a
/// widget's layer (background [0,100), displayer [100,200), movable [200,300), lite
/// [300,400), float [400,...)) and its order among the widgets of that layer; the gaps leave
/// room for other studio types to slot widgets in between. A studio conceals a widget by
/// putting its level in the concealing list.
public enum Levels {
    // background
    public static let cover = 10.0
    // displayer
    public static let video = 110.0
    // movable
    public static let hostInfo = 210.0
    public static let activityIcon = 230.0
    public static let commentList = 250.0
    package static let bottomBar = 280.0
    // lite
    package static let liteSwitch = 310.0
    public static let rotateButton = 320.0
    package static let closeButton = 330.0
    // float
    public static let hearts = 410.0
    public static let toast = 480.0
}
