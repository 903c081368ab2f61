-- The danmaku peer scene: the same as `studio bench --scene danmaku`.
-- A video-like background (12 color bands drifting) and N blended 300x40 comments (a
-- translucent rounded box with a line of text) scrolling right to left at 720x1280,
-- vsync off. Usage: love . N [frames]. Prints "frames F p50_ms X p90_ms Y p99_ms Z" and quits.
local N, FRAMES, WARMUP = 200, 300, 30
local xs, ys, speeds, texts = {}, {}, {}, {}
local times, frame, time = {}, 0, 0
local font

function love.load(arg)
  N = tonumber(arg[1]) or N
  FRAMES = tonumber(arg[2]) or FRAMES
  love.math.setRandomSeed(42)
  for i = 1, N do
    xs[i] = love.math.random() * 1020 - 300
    ys[i] = love.math.random() * 1240
    speeds[i] = 120 + love.math.random() * 120
    texts[i] = "comment " .. (i - 1) .. " 弹幕"
  end
  local cjk = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
  if love.filesystem.getInfo ~= nil and io.open(cjk, "r") then
    local f = io.open(cjk, "rb"); local data = f:read("*a"); f:close()
    font = love.graphics.newFont(love.filesystem.newFileData(data, "cjk.ttc"), 24)
  else
    font = love.graphics.newFont(24)
  end
  love.graphics.setFont(font)
end

function love.update(dt)
  frame = frame + 1
  if frame > WARMUP then times[#times + 1] = dt end
  if #times >= FRAMES then
    table.sort(times)
    local function p(q) return times[math.max(1, math.ceil(q * #times))] * 1000 end
    print(string.format("frames %d p50_ms %.3f p90_ms %.3f p99_ms %.3f", #times, p(0.5), p(0.9), p(0.99)))
    love.event.quit(0)
  end
  dt = 1 / 60
  time = time + dt
  for i = 1, N do
    xs[i] = xs[i] - speeds[i] * dt
    if xs[i] < -300 then xs[i] = xs[i] + 1020 end
  end
end

function love.draw()
  local h = 1280 / 12
  for i = 0, 11 do
    local t = time + i * 0.4
    love.graphics.setColor((90 + 80 * math.sin(t)) / 255, (90 + 80 * math.sin(t * 1.3 + 2)) / 255,
                           (120 + 100 * math.sin(t * 0.7 + 4)) / 255, 1)
    love.graphics.rectangle("fill", 0, i * h, 720, h + 1)
  end
  for i = 1, N do
    love.graphics.setColor(0, 0, 0, 110 / 255)
    love.graphics.rectangle("fill", xs[i], ys[i], 300, 40, 20, 20)
    love.graphics.setColor(1, 1, 1, 230 / 255)
    love.graphics.print(texts[i], xs[i] + 16, ys[i] + 6)
  end
end
