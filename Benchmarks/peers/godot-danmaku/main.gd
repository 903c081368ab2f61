# The danmaku peer scene in Godot 3: the same as `studio bench --scene danmaku` and the LÖVE and
# SDL peers. A video-like background (12 color bands drifting) and N blended 300x40 comments (a
# translucent rounded box with a line of text) scrolling right to left at 720x1280, vsync off.
#
# Usage: godot3 --path Benchmarks/peers/godot-danmaku --resolution 720x1280 -- N FRAMES
#   N       number of comments (0 or more)
#   FRAMES  frames to measure (1 or more), after 30 warm-up frames that are not measured
# Prints one line to stdout, "frames F p50_ms X p90_ms Y p99_ms Z", and quits with 0; bad
# arguments print a usage line on stderr and quit with 64. Godot prints its own messages too.
#
# Why this is the same work as LiveStudio's: LiveStudio draws each comment (box and text) once
# into its own 300x40 sprite and from then on only blends that sprite at the comment's place
# every frame. Here each comment is likewise rendered once, at start, into one 300x40
# ImageTexture with its own text (a Panel with a rounded StyleBoxFlat and a Label, drawn by a
# 300x40 Viewport and read back), and every frame only moves one Sprite node per comment, the
# engine's normal way to draw a 2D image: no text is laid out and no shape is tessellated per
# frame. A transparent Viewport holds premultiplied colors (Godot blends the alpha channel
# separately into it), so the sprites use the premultiplied-alpha blend mode.
#
# The comments start where LiveStudio's and the other peers' do: SplitMix64 seeded with 42
# (the generator of LiveStudio's SeededRandom), all x first, then all y, then all speeds. Each
# frame moves them by a fixed 1/60 s, whatever the real time, so every run draws the same
# frames, at whole pixels (floored, as the other peers do). A measured frame's time is the real
# time between two _process calls (OS.get_ticks_usec), like LÖVE's dt.
extends Node2D

const WIDTH = 720
const HEIGHT = 1280
const BANDS = 12
const WARMUP = 30
const BOX_W = 300
const BOX_H = 40
const BOX_RADIUS = 20
const BOX_ALPHA = 110.0 / 255.0
const TEXT_ALPHA = 230.0 / 255.0
const FONT_SIZE = 24
const TEXT_DX = 16
const TEXT_DY = 6
const STEP = 1.0 / 60.0
const CJK_FONT = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
# Comments pre-rendered a frame, one Viewport each: the start-up then takes about N / 32 frames.
const RENDERS_PER_FRAME = 32
const USAGE = "usage: godot3 --path godot-danmaku --resolution 720x1280 -- N FRAMES   (N >= 0; FRAMES >= 1)"

var n = 0
var frames = 0
var xs = []
var ys = []
var speeds = []
var sprites = []
var bands = []
var times = []
var frame = 0
var time = 0.0
var last_usec = 0
var running = false

# SplitMix64 in GDScript's 64-bit ints, whose + and * wrap like the unsigned ones of the C peer;
# a right shift must then drop the sign bits that >> copies in.
var rng_state = 42
var GOLDEN = (0x9E3779B9 << 32) | 0x7F4A7C15
var MIX1 = (0xBF58476D << 32) | 0x1CE4E5B9
var MIX2 = (0x94D049BB << 32) | 0x133111EB


func _shr(z, k):
	return (z >> k) & ((1 << (64 - k)) - 1)


func _rng_next():
	rng_state += GOLDEN
	var z = rng_state
	z = (z ^ _shr(z, 30)) * MIX1
	z = (z ^ _shr(z, 27)) * MIX2
	return z ^ _shr(z, 31)


# A number in lo..hi from the top 53 random bits. int * float is done in doubles, where float(int)
# would round to 32 bits.
func _rng_range(lo, hi):
	return lo + _shr(_rng_next(), 11) * pow(2.0, -53) * (hi - lo)


# The arguments after "--" (Godot keeps the "--" itself in get_cmdline_args and takes its own
# options, such as --path and --resolution, out).
func _user_args():
	var args = Array(OS.get_cmdline_args())
	var at = args.find("--")
	if at < 0:
		return args
	var user = []
	for i in range(at + 1, args.size()):
		user.append(args[i])
	return user


func _whole_number(text, lo, hi):
	if text.length() < 1 or text.length() > 9:
		return -1
	for c in text:
		if not c in "0123456789":
			return -1
	var v = int(text)
	return v if v >= lo and v <= hi else -1


func _fail(message):
	printerr("godot-danmaku: " + message)
	printerr(USAGE)
	get_tree().quit(64)


func _ready():
	OS.vsync_enabled = false
	var args = _user_args()
	if args.size() != 2:
		_fail("expected 2 arguments after --, got %d" % args.size())
		return
	n = _whole_number(args[0], 0, 1000000)
	frames = _whole_number(args[1], 1, 10000000)
	if n < 0:
		_fail("N must be a whole number from 0 to 1000000, got \"%s\"" % args[0])
		return
	if frames < 0:
		_fail("FRAMES must be a whole number from 1 to 10000000, got \"%s\"" % args[1])
		return

	for i in range(n):
		xs.append(_rng_range(-300.0, 720.0))
	for i in range(n):
		ys.append(_rng_range(0.0, 1240.0))
	for i in range(n):
		speeds.append(_rng_range(120.0, 240.0))

	var h = float(HEIGHT) / BANDS
	for i in range(BANDS):
		var band = ColorRect.new()
		band.rect_position = Vector2(0, i * h)
		band.rect_size = Vector2(WIDTH, h + 1)
		band.mouse_filter = Control.MOUSE_FILTER_IGNORE
		add_child(band)
		bands.append(band)
	_color_bands()
	_prerender()


func _color_bands():
	for i in range(BANDS):
		var t = time + i * 0.4
		bands[i].color = Color((90 + 80 * sin(t)) / 255.0, (90 + 80 * sin(t * 1.3 + 2)) / 255.0,
				(120 + 100 * sin(t * 0.7 + 4)) / 255.0)


# Renders every comment once into its own ImageTexture, RENDERS_PER_FRAME a frame, then puts
# one Sprite per comment on the screen and starts the run.
func _prerender():
	var font = null
	if File.new().file_exists(CJK_FONT):
		var data = DynamicFontData.new()
		data.font_path = CJK_FONT
		font = DynamicFont.new()
		font.font_data = data
		font.size = FONT_SIZE
	var box = StyleBoxFlat.new()
	box.bg_color = Color(0, 0, 0, BOX_ALPHA)
	box.set_corner_radius_all(BOX_RADIUS)
	box.anti_aliasing = true

	var viewports = []
	var labels = []
	for k in range(min(RENDERS_PER_FRAME, n)):
		var viewport = Viewport.new()
		viewport.size = Vector2(BOX_W, BOX_H)
		viewport.transparent_bg = true
		viewport.usage = Viewport.USAGE_2D
		viewport.disable_3d = true
		viewport.render_target_update_mode = Viewport.UPDATE_DISABLED
		var panel = Panel.new()
		panel.rect_size = Vector2(BOX_W, BOX_H)
		panel.add_stylebox_override("panel", box)
		viewport.add_child(panel)
		var label = Label.new()
		label.rect_position = Vector2(TEXT_DX, TEXT_DY)
		if font != null:
			label.add_font_override("font", font)
		label.add_color_override("font_color", Color(1, 1, 1, TEXT_ALPHA))
		viewport.add_child(label)
		add_child(viewport)
		viewports.append(viewport)
		labels.append(label)

	var textures = []
	var started_usec = OS.get_ticks_usec()
	while textures.size() < n:
		var first = textures.size()
		var count = min(viewports.size(), n - first)
		for k in range(count):
			labels[k].text = "comment %d 弹幕" % (first + k)
			viewports[k].render_target_update_mode = Viewport.UPDATE_ONCE
		yield(VisualServer, "frame_post_draw")
		for k in range(count):
			var image = viewports[k].get_texture().get_data()
			image.flip_y() # a viewport's texture reads back upside down
			var texture = ImageTexture.new()
			texture.create_from_image(image, Texture.FLAG_FILTER)
			textures.append(texture)
	for viewport in viewports:
		viewport.queue_free()
	printerr("godot-danmaku: %d comments pre-rendered in %.2f s" % [n, (OS.get_ticks_usec() - started_usec) / 1e6])

	var material = CanvasItemMaterial.new()
	material.blend_mode = CanvasItemMaterial.BLEND_MODE_PREMULT_ALPHA
	for i in range(n):
		var sprite = Sprite.new()
		sprite.centered = false
		sprite.texture = textures[i]
		sprite.material = material
		sprite.position = Vector2(floor(xs[i]), floor(ys[i]))
		add_child(sprite)
		sprites.append(sprite)
	last_usec = OS.get_ticks_usec()
	running = true


func _process(_delta):
	if not running:
		return
	var now = OS.get_ticks_usec()
	frame += 1
	if frame > WARMUP:
		times.append((now - last_usec) / 1000.0)
	last_usec = now
	if times.size() >= frames:
		running = false
		times.sort()
		print("frames %d p50_ms %.3f p90_ms %.3f p99_ms %.3f" % [times.size(), _quantile(0.5), _quantile(0.9), _quantile(0.99)])
		get_tree().quit(0)
		return
	time += STEP
	_color_bands()
	for i in range(n):
		var x = xs[i] - speeds[i] * STEP
		if x < -300:
			x += 1020
		xs[i] = x
		sprites[i].position = Vector2(floor(x), floor(ys[i]))


# The q-th quantile of the sorted times, picked like the LÖVE peer does: the ceil(q * n)-th.
func _quantile(q):
	var i = clamp(int(ceil(q * times.size())), 1, times.size())
	return times[i - 1]
