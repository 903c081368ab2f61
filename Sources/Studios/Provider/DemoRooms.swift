import StudioKit

extension DemoRoomProvider {
    /// Five single-host rooms with distinct hosts, titles, covers and audiences.
    public static let demoRooms: [RoomInfo] = [
        RoomInfo(id: 1, kind: SingleHostStudio.kind, title: "Sunset acoustic session", hostName: "Luna",
                 cover: ImageRef("cover-1"), onlineCount: 12_345),
        RoomInfo(id: 2, kind: SingleHostStudio.kind, title: "Diving the blue reef", hostName: "Marco",
                 cover: ImageRef("cover-2"), onlineCount: 3_870),
        RoomInfo(id: 3, kind: SingleHostStudio.kind, title: "深夜食堂：今晚做红烧肉", hostName: "小林",
                 cover: ImageRef("cover-3"), onlineCount: 128_400),
        RoomInfo(id: 4, kind: SingleHostStudio.kind, title: "Forest morning walk", hostName: "Aiyana",
                 cover: ImageRef("cover-4"), onlineCount: 987),
        RoomInfo(id: 5, kind: SingleHostStudio.kind, title: "Neon city synthwave DJ set", hostName: "DJ Kato",
                 cover: ImageRef("cover-5"), onlineCount: 1_204_000),
    ]
}
