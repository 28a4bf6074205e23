# curves.gp: one log-log plot of bench/curves.py's data (called by it, never by hand).
#
#   gnuplot -e "datafile='D'; outfile='O.png'; xlab='lines'; plottitle='T'; titles='a b';
#               n=2; refx=X; refy=Y" bench/curves.gp
#
# datafile holds n blocks (index 0..n-1, two blank lines apart) of `x cpu_ms wall_ms`; titles
# names them in order (underscores shown as spaces). The dashed line has slope 1 through
# (refx, refy), the last point of the first block: a curve that rises faster than it grows
# faster than linearly.
set terminal png size 900,600 font ",10"
set output outfile
set title plottitle
set logscale xy
set xlabel xlab
set ylabel "CPU ms (user+sys of the process)"
set grid xtics ytics mxtics mytics lc rgb "#dddddd"
set key top left
set format x "%.0s%c"
ref(x) = refy * x / refx
plot for [i=0:n-1] datafile index i using 1:2 with linespoints pt 7 ps 0.8 lw 1.5 \
        title system(sprintf("echo '%s' | tr _ ' '", word(titles, i + 1))), \
     ref(x) with lines dt 2 lc rgb "#888888" title "slope 1 (linear)"
