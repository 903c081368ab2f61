-- The danmaku peer scene in LÖVE 11.4: the same as `studio bench --scene danmaku`.
-- A video-like background (12 color bands drifting) and N blended 300x40 comments (a
-- translucent rounded box with a line of text) scrolling right to left at 720x1280, vsync off.
--
-- Usage: love Benchmarks/peers/love-danmaku MODE N FRAMES
--   MODE    draw         one love.graphics.draw of each comment's own Canvas a frame
--           spritebatch  the same pictures in atlas Canvases, drawn by one SpriteBatch each
--   N       number of comments (0 or more)
--   FRAMES  frames to measure (1 or more), after 30 warm-up frames that are not measured
-- Prints one line to stdout, "frames F p50_ms X p90_ms Y p99_ms Z", and quits with 0;
-- bad arguments print a usage line on stderr and quit with 64.
--
-- Why this is the same work as LiveStudio's: LiveStudio draws each comment (box and text) once
-- into its own 300x40 sprite and from then on only blends that sprite at the comment's place
-- every frame. Here each comment is likewise rendered once, at load, into one 300x40 texture
-- with its own text (the rounded box and the text composited into it), and every frame only
-- blends those textures: no text is printed and no shape is tessellated per frame. `draw`
-- issues one draw per comment; `spritebatch` puts the same pictures into atlas textures and
-- draws all the comments of an atlas in one draw call, which is how LÖVE batches sprites.
-- A Canvas holds premultiplied colors (the "alpha" blend mode writes them so), so canvases are
-- drawn with the ("alpha", "premultiplied") blend mode, as LÖVE's documentation says.
--
-- The comments start where LiveStudio's and the SDL peer's do: SplitMix64 seeded with 42 (the
-- generator of LiveStudio's SeededRandom), all x first, then all y, then all speeds. Each frame
-- moves them by a fixed 1/60 s, whatever the real time, so every run draws the same frames;
-- they are drawn at whole pixels (floored, as the SDL peer does), so an atlas cell never
-- samples its neighbor.
local ffi = require("ffi")

local WIDTH, HEIGHT, BANDS, WARMUP = 720, 1280, 12, 30
local BOX_W, BOX_H, BOX_RADIUS = 300, 40, 20
local BOX_ALPHA, TEXT_ALPHA, FONT_SIZE, TEXT_DX, TEXT_DY = 110 / 255, 230 / 255, 24, 16, 6
local CJK_FONT = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
local USAGE = "usage: love love-danmaku MODE N FRAMES   (MODE: draw or spritebatch; N >= 0; FRAMES >= 1)"

local mode, N, FRAMES
local xs, ys, speeds = {}, {}, {}
local canvases = {}          -- draw mode: comment i's own canvas
local batches, sprites = {}, {} -- spritebatch mode: one batch per atlas; comment i's batch, id, quad
local times, frame, time = {}, 0, 0
local stopped = false -- set once the run is over (or never started): nothing more to do

-- SplitMix64 in LuaJIT's 64-bit unsigned integers (cdata), as in sdl-danmaku/danmaku.c.
local rng_state = ffi.new("uint64_t", 42)
local function rng_next()
  rng_state = rng_state + 0x9E3779B97F4A7C15ULL
  local z = rng_state
  z = bit.bxor(z, bit.rshift(z, 30)) * 0xBF58476D1CE4E5B9ULL
  z = bit.bxor(z, bit.rshift(z, 27)) * 0x94D049BB133111EBULL
  return bit.bxor(z, bit.rshift(z, 31))
end
-- A number in lo..hi from the top 53 random bits.
local function rng_range(lo, hi)
  return lo + tonumber(bit.rshift(rng_next(), 11)) * 2 ^ -53 * (hi - lo)
end

local function fail_usage(message)
  io.stderr:write("love-danmaku: " .. message .. "\n" .. USAGE .. "\n")
  stopped = true
  love.event.quit(64)
end

local function load_font()
  local f = io.open(CJK_FONT, "rb")
  if f == nil then return love.graphics.newFont(FONT_SIZE) end
  local data = f:read("*a")
  f:close()
  return love.graphics.newFont(love.filesystem.newFileData(data, "NotoSansCJK-Regular.ttc"), FONT_SIZE)
end

-- A multisampled 300x40 canvas each comment is drawn into first and then copied into its
-- texture, so the box's rounded edge is antialiased like the other peers' (LÖVE's shapes are
-- not, on a canvas without MSAA); nil when the GPU has no multisampled canvases.
local scratch

-- Comment i's picture at (ox, oy) of the current canvas: the rounded box, its text over it.
local function draw_picture(i, ox, oy)
  love.graphics.setColor(0, 0, 0, BOX_ALPHA)
  love.graphics.rectangle("fill", ox, oy, BOX_W, BOX_H, BOX_RADIUS, BOX_RADIUS)
  love.graphics.setColor(1, 1, 1, TEXT_ALPHA)
  love.graphics.print("comment " .. (i - 1) .. " 弹幕", ox + TEXT_DX, oy + TEXT_DY)
end

-- Renders comment i once into the 300x40 cell at (ox, oy) of the canvas `target`.
local function render_comment(i, target, ox, oy)
  if scratch ~= nil then
    love.graphics.setCanvas(scratch)
    love.graphics.clear(0, 0, 0, 0)
    draw_picture(i, 0, 0)
    love.graphics.setCanvas(target)
    -- A plain copy of the (premultiplied) pixels into the cell.
    love.graphics.setBlendMode("replace", "premultiplied")
    love.graphics.setColor(1, 1, 1, 1)
    love.graphics.draw(scratch, ox, oy)
    love.graphics.setBlendMode("alpha", "alphamultiply")
  else
    love.graphics.setCanvas(target)
    love.graphics.setScissor(ox, oy, BOX_W, BOX_H)
    draw_picture(i, ox, oy)
    love.graphics.setScissor()
  end
end

local function make_canvases()
  for i = 1, N do
    local canvas = love.graphics.newCanvas(BOX_W, BOX_H)
    love.graphics.setCanvas(canvas)
    love.graphics.clear(0, 0, 0, 0)
    render_comment(i, canvas, 0, 0)
    canvases[i] = canvas
  end
  love.graphics.setCanvas()
end

-- As many 300x40 cells a row as the largest texture holds, as many rows as needed, and one
-- more atlas (with its own SpriteBatch) whenever a texture is full.
local function make_atlases()
  local limit = love.graphics.getSystemLimits().texturesize
  local cols, rows_max = math.floor(limit / BOX_W), math.floor(limit / BOX_H)
  local per_atlas = cols * rows_max
  local first = 1
  while first <= N do
    local count = math.min(per_atlas, N - first + 1)
    local width, height = math.min(count, cols) * BOX_W, math.ceil(count / cols) * BOX_H
    local atlas = love.graphics.newCanvas(width, height)
    local batch = love.graphics.newSpriteBatch(atlas, count, "stream")
    love.graphics.setCanvas(atlas)
    love.graphics.clear(0, 0, 0, 0)
    for k = 0, count - 1 do
      local i = first + k
      local cx, cy = (k % cols) * BOX_W, math.floor(k / cols) * BOX_H
      render_comment(i, atlas, cx, cy)
      local quad = love.graphics.newQuad(cx, cy, BOX_W, BOX_H, width, height)
      sprites[i] = { batch = batch, id = batch:add(quad, math.floor(xs[i]), math.floor(ys[i])), quad = quad }
    end
    love.graphics.setCanvas()
    batches[#batches + 1] = batch
    first = first + count
  end
end

function love.load(arg)
  if #arg ~= 3 then return fail_usage("expected 3 arguments, got " .. #arg) end
  mode = arg[1]
  if mode ~= "draw" and mode ~= "spritebatch" then
    return fail_usage("MODE must be draw or spritebatch, got \"" .. tostring(mode) .. "\"")
  end
  N = tostring(arg[2]):match("^%d+$") and tonumber(arg[2]) or nil
  FRAMES = tostring(arg[3]):match("^%d+$") and tonumber(arg[3]) or nil
  if N == nil or N > 1000000 then return fail_usage("N must be a whole number from 0 to 1000000, got \"" .. tostring(arg[2]) .. "\"") end
  if FRAMES == nil or FRAMES < 1 then return fail_usage("FRAMES must be a whole number of 1 or more, got \"" .. tostring(arg[3]) .. "\"") end

  for i = 1, N do xs[i] = rng_range(-300, 720) end
  for i = 1, N do ys[i] = rng_range(0, 1240) end
  for i = 1, N do speeds[i] = rng_range(120, 240) end

  local started = love.timer.getTime()
  love.graphics.setFont(load_font())
  local msaa = math.min(4, love.graphics.getSystemLimits().canvasmsaa or 0)
  if msaa > 1 then scratch = love.graphics.newCanvas(BOX_W, BOX_H, { msaa = msaa }) end
  if mode == "draw" then make_canvases() else make_atlases() end
  if scratch ~= nil then scratch:release(); scratch = nil end
  io.stderr:write(string.format("love-danmaku: %d comments pre-rendered (%s, msaa %d) in %.2f s\n", N,
                                mode == "draw" and "one canvas each" or #batches .. " atlas(es)",
                                msaa, love.timer.getTime() - started))
  love.graphics.setColor(1, 1, 1, 1)
end

function love.update(dt)
  if stopped then return end
  frame = frame + 1
  if frame > WARMUP then times[#times + 1] = dt end
  if #times >= FRAMES then
    table.sort(times)
    local function p(q) return times[math.max(1, math.ceil(q * #times))] * 1000 end
    print(string.format("frames %d p50_ms %.3f p90_ms %.3f p99_ms %.3f", #times, p(0.5), p(0.9), p(0.99)))
    io.stdout:flush()
    stopped = true
    love.event.quit(0)
    return
  end
  dt = 1 / 60
  time = time + dt
  for i = 1, N do
    local x = xs[i] - speeds[i] * dt
    if x < -300 then x = x + 1020 end
    xs[i] = x
  end
  if mode == "spritebatch" then
    for i = 1, N do
      local s = sprites[i]
      s.batch:set(s.id, s.quad, math.floor(xs[i]), math.floor(ys[i]))
    end
  end
end

function love.draw()
  if stopped then return end
  love.graphics.setBlendMode("alpha", "alphamultiply")
  local h = HEIGHT / BANDS
  for i = 0, BANDS - 1 do
    local t = time + i * 0.4
    love.graphics.setColor((90 + 80 * math.sin(t)) / 255, (90 + 80 * math.sin(t * 1.3 + 2)) / 255,
                           (120 + 100 * math.sin(t * 0.7 + 4)) / 255, 1)
    love.graphics.rectangle("fill", 0, i * h, WIDTH, h + 1)
  end
  love.graphics.setColor(1, 1, 1, 1)
  love.graphics.setBlendMode("alpha", "premultiplied")
  if mode == "draw" then
    local draw, floor = love.graphics.draw, math.floor
    for i = 1, N do draw(canvases[i], floor(xs[i]), floor(ys[i])) end
  else
    for b = 1, #batches do love.graphics.draw(batches[b]) end
  end
end
