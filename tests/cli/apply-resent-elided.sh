# Edits sent again after they were made, written with a "..." standing for lines on both sides
# (bench/oracle.py, tiny sources, elision + resent). Their new side, "..." and all, stands in
# the file; each must leave the file as it is.
#
# 1. The old side fits by elision from an earlier copy of its first lines, its "..." passing
#    over the lines the edit made, which hold the new side: refused ("may be applied already"),
#    file unchanged. Not a rival: a new side reaching past the place (an addition after its
#    last line, which the splice takes in: applied, nothing changed; a "..." passing over the
#    line the edit changes, to a copy of the new line further on: applied where meant), nor a
#    deletion beside a "..." (the new side then fits wherever the old side does).
# 2. A block whose old side fits only cut into runs (its deletion at a copy in another
#    function), its new side standing at one start with its "..." standing for a shorter or a
#    longer run (the elision tier's two placements tie), its deletion closed in by context
#    lines of its own piece ("{" and "level++;", together in the file): no tier finds the old
#    side whole, the new side proves the edit made: already applied, file unchanged (it was
#    refused while "already applied" had no elision tier). One that moves a line past a "..."
#    (its addition the text of its deletion: a line moved, not a miscopy), its deletion split
#    off to another copy, is refused, file unchanged: its change is not closed in by its own
#    piece.
set -u
mkdir -p src
cat >src/garden.c <<'C'
int water_plants(void)
{
	return 0;
	/* Roses want more water than tulips */
	while (soil) {
		soil--;
	}
	if (soil) {
		return soil;
	}
	if (soil) {  /* dry soil first */
		return soil;
	}
}

int feed_fish(void)
{
	if (soil) {
		return soil;
	}
	return 0;
}
C
cp src/garden.c garden-before.c
cat >nested.md <<'R'
src/garden.c
```c
<<<<<<< SEARCH
	if (soil) {
		return soil;
	...
int feed_fish(void)
=======
	if (soil) {  /* dry soil first */
		return soil;
	...
int feed_fish(void)
>>>>>>> REPLACE
```
R
"$SEAM" apply nested.md >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 10; }
grep -q 'may be applied already' out.txt || { cat out.txt >&2; exit 11; }
cmp -s garden-before.c src/garden.c || { diff garden-before.c src/garden.c >&2; exit 12; }

cat >src/names.c <<'C'
static const char *flower_names[] = {
	"rose",
	"daisy",
	"tulip",
};
static const int flower_count = 3;

int count_flowers(void)
{
	return flower_count;
}
C
cp src/names.c names-before.c
cat >edge.md <<'R'
src/names.c
```c
<<<<<<< SEARCH
static const char *flower_names[] = {
	...
	"tulip",
};
=======
static const char *flower_names[] = {
	...
	"tulip",
};
static const int flower_count = 3;
>>>>>>> REPLACE
```
R
"$SEAM" apply edge.md >out.txt 2>&1 || { cat out.txt >&2; exit 20; }
cmp -s names-before.c src/names.c || { diff names-before.c src/names.c >&2; exit 21; }

cat >src/water.py <<'P'
def water_plants(can):
    level = can.level
    return level


def drain_tank(tank):
    level = tank.level
    return level * 2
P
sed '3s/return level/return level * 2/' src/water.py >water-want.py
cat >further.md <<'R'
src/water.py
```python
<<<<<<< SEARCH
def water_plants(can):
    ...
    return level
=======
def water_plants(can):
    ...
    return level * 2
>>>>>>> REPLACE
```
R
"$SEAM" apply further.md >out.txt 2>&1 || { cat out.txt >&2; exit 30; }
cmp -s water-want.py src/water.py || { diff water-want.py src/water.py >&2; exit 31; }

cat >src/water.py <<'P'
def water_plants(can):
    level = can.level
    can.fill()
    return level


def drain_tank(tank):
    return tank.level
P
sed '2d' src/water.py >water-want.py
cat >delete.md <<'R'
src/water.py
```python
<<<<<<< SEARCH
def water_plants(can):
    level = can.level
    ...
    return level
=======
def water_plants(can):
    ...
    return level
>>>>>>> REPLACE
```
R
"$SEAM" apply delete.md >out.txt 2>&1 || { cat out.txt >&2; exit 40; }
cmp -s water-want.py src/water.py || { diff water-want.py src/water.py >&2; exit 41; }

# Not a rival either: a new side that stands only with a blank line let go on both sides (a
# block moving a blank line above a line, its old side miscopied, found fuzzy): the file does
# not hold it as written. Applied.
cat >src/pond.py <<'P'
def count_fish():
    for fish in pond_fish:
        feed_fish(fish)
    total += 1

def clean_pond():
    # Skim the leaves off first
    fish = net_fish()
    # Skim the leaves off first
    water_level = net_fish()

def feed_fish():
    # Skim the leaves off first
    if water_level:
        return total
    # Skim the leaves off first
    water_level = feed_fish()
    total += 1
P
sed '10{h;s/.*//;p;x;}' src/pond.py | sed '12d' >pond-want.py
cat >blank.md <<'R'
src/pond.py
```
<<<<<<< SEARCH
    wtaer_level = net_fish()

def feed_fish():
    ...
    water_level = feed_fish()
=======

    water_level = net_fish()
def feed_fish():
    ...
    water_level = feed_fish()
>>>>>>> REPLACE
```
R
"$SEAM" apply blank.md >out.txt 2>&1 || { cat out.txt >&2; exit 45; }
cmp -s pond-want.py src/pond.py || { diff pond-want.py src/pond.py >&2; exit 46; }

cat >src/pump.c <<'C'
int fill_tank(void)
{
	level++;
	return 0;
	return 0;
	if (level) {
		return pipe;
	}
}

int drain_tank(void)
{
	open_valve(pipe);
	close_valve(pipe);
	level++;
	return 0;
}
C
cp src/pump.c pump-before.c
cat >split.md <<'R'
<apply_diff>
<path>src/pump.c</path>
<diff>
<<<<<<< SEARCH
-------
int fill_tank(void)
{
	close_valve(pipe);
	level++;
	...
	return 0;
=======
int fill_tank(void)
{
	level++;
	...
	return 0;
>>>>>>> REPLACE

</diff>
</apply_diff>
R
"$SEAM" apply split.md >out.txt 2>&1
rc=$?
[ "$rc" = 0 ] || { cat out.txt >&2; exit 50; }
grep -q 'already-applied' out.txt || { cat out.txt >&2; exit 52; }
cmp -s pump-before.c src/pump.c || { diff pump-before.c src/pump.c >&2; exit 51; }

cat >src/tank.py <<'P'
def fill_tank():
    level = read_gauge()
    return pipe_size
    if level:
        return pipe_size
    level += 1
    level = read_gauge()
    level = open_valve()
    pipe_size = open_valve()

def drain_tank():
    for pipe_size in pipe_sizes:
        open_valve(pipe_size)
    pipe_size += 1
    return level
    try:
        pipe_size = open_valve()
    except ValveError:
        pass
    if pipe_size:
        return pipe_size
    return pipe_size
P
cp src/tank.py tank-before.py
cat >move.md <<'R'
<replace_in_file>
<path>src/tank.py</path>
<diff>
------- SEARCH
def fill_tank():
    level += 1
    level = read_gauge()
    # ...
        return pipe_size
=======
def fill_tank():
    level = read_gauge()
    # ...
        return pipe_size
    level += 1
+++++++ REPLACE
</diff>
</replace_in_file>
R
"$SEAM" apply move.md >out.txt 2>&1
rc=$?
[ "$rc" = 1 ] || { cat out.txt >&2; exit 60; }
cmp -s tank-before.py src/tank.py || { diff tank-before.py src/tank.py >&2; exit 61; }
exit 0
