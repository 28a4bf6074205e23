"""Only here to tag the wheel for the platform: it ships libseam.so, a native library, so a
"py3-none-any" wheel would let pip install it where it cannot load. The package calls no
CPython API (ctypes only), hence "py3-none-<platform>" rather than one wheel per Python."""
from setuptools import setup
from setuptools.dist import Distribution

try:
    from wheel.bdist_wheel import bdist_wheel

    class PlatformWheel(bdist_wheel):
        def get_tag(self):
            return ("py3", "none") + super().get_tag()[2:]

    cmdclass = {"bdist_wheel": PlatformWheel}
except ImportError:  # a setuptools that builds wheels by itself: its default tag is kept
    cmdclass = {}


class BinaryDistribution(Distribution):
    def has_ext_modules(self):
        return True


setup(distclass=BinaryDistribution, cmdclass=cmdclass)
