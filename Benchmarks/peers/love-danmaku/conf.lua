-- The peer scene's window: 720x1280 like LiveStudio's logical studio, vsync off.
function love.conf(t)
  t.window.width = 720
  t.window.height = 1280
  t.window.vsync = 0
  t.window.title = "love-danmaku"
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
  t.modules.physics = false
end
