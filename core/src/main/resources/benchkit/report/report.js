// Draws the charts of each workload from the JSON in #report-data (small multiples: one chart per metric,
// one line per variant, its interval as a band, client threads on a log-2 axis), then marks the page for
// tests: body[data-rendered] = charts created, canvas[data-painted] = painted pixels seen,
// canvas[data-bands] = interval bands drawn, body[data-effects-bottom] / [data-first-chart-top] / [-bottom] =
// where the effects table ends and the first chart starts and ends (page pixels); body[data-render-error] on failure.
(function () {
  'use strict';
  var body = document.body;
  // Shapes as well as colours, so a line hidden under another still shows its points.
  var shapes = ['circle', 'rectRot', 'triangle', 'rect', 'star', 'crossRot'];
  var palette = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f',
                 '#bcbd22', '#17becf'];

  function fmt(v) {
    if (v === null || v === undefined) { return 'n/a'; }
    if (v === 0) { return '0'; }
    var a = Math.abs(v);
    return a >= 1000 ? v.toFixed(0) : a >= 100 ? v.toFixed(1) : a >= 10 ? v.toFixed(2) : v.toFixed(3);
  }

  function log2(v) { return Math.log(v) / Math.LN2; }

  // Chart.js has no interval bands: fill the area between each line's low and high ends, clipped to the
  // plot so that a wide interval cannot stretch the axis.
  var bands = {
    id: 'benchkitBands',
    beforeDatasetsDraw: function (chart) {
      var ctx = chart.ctx, x = chart.scales.x, y = chart.scales.y, area = chart.chartArea, drawn = 0;
      ctx.save();
      ctx.beginPath();
      ctx.rect(area.left, area.top, area.right - area.left, area.bottom - area.top);
      ctx.clip();
      chart.data.datasets.forEach(function (ds, di) {
        if (chart.getDatasetMeta(di).hidden) { return; }
        var pts = ds.data.filter(function (p) { return p.lo !== undefined && p.hi !== undefined; });
        if (pts.length === 0) { return; }
        ctx.fillStyle = ds.bandColor;
        ctx.beginPath();
        pts.forEach(function (p, i) {
          var px = x.getPixelForValue(p.x), py = y.getPixelForValue(p.hi);
          if (i === 0) { ctx.moveTo(px, py); } else { ctx.lineTo(px, py); }
        });
        pts.slice().reverse().forEach(function (p) { ctx.lineTo(x.getPixelForValue(p.x), y.getPixelForValue(p.lo)); });
        ctx.closePath();
        ctx.fill();
        if (pts.length === 1) {      // one thread count: a bar, since a polygon of one point has no area
          var p = pts[0], px1 = x.getPixelForValue(p.x);
          ctx.fillRect(px1 - 4, y.getPixelForValue(p.hi), 8, y.getPixelForValue(p.lo) - y.getPixelForValue(p.hi));
        }
        drawn += pts.length;
      });
      ctx.restore();
      chart.canvas.setAttribute('data-bands', String(drawn));
    }
  };

  function paintedPixels(canvas) {
    var ctx = canvas.getContext('2d');
    var pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data, n = 0;
    for (var i = 3; i < pixels.length; i += 16) { if (pixels[i] !== 0) { n++; } }
    return n;
  }

  function pageTop(el) { return Math.round(el.getBoundingClientRect().top + window.scrollY); }

  try {
    var data = JSON.parse(document.getElementById('report-data').textContent);
    var charts = [];
    data.sections.forEach(function (section, w) {
      var threads = [];
      section.charts.forEach(function (c) {
        c.series.forEach(function (s) { s.points.forEach(function (p) { if (threads.indexOf(p.x) < 0) { threads.push(p.x); } }); });
      });
      threads.sort(function (a, b) { return a - b; });
      // one legend per workload instead of one per chart, so the charts keep their height for the data
      var legend = document.getElementById('legend-' + w);
      section.variants.forEach(function (label, v) {
        var item = document.createElement('span');
        var swatch = document.createElement('span');
        swatch.className = 'swatch';
        swatch.style.background = palette[v % palette.length];
        item.appendChild(swatch);
        item.appendChild(document.createTextNode(label));
        legend.appendChild(item);
      });
      section.charts.forEach(function (c, index) {
        var canvas = document.getElementById('chart-' + w + '-' + index);
        var datasets = c.series.map(function (s) {
          var color = palette[s.variant % palette.length];
          return {
            label: section.variants[s.variant],
            data: s.points.map(function (p) { return { x: log2(p.x), y: p.y, lo: p.lo, hi: p.hi, threads: p.x }; }),
            borderColor: color, backgroundColor: color, bandColor: color + '26',
            pointStyle: shapes[s.variant % shapes.length], pointRadius: 3.5, borderWidth: 2
          };
        });
        var unit = c.unit ? ' (' + c.unit + ')' : '';
        charts.push(new Chart(canvas, {
          type: 'line',
          data: { datasets: datasets },
          options: {
            animation: false, responsive: true, maintainAspectRatio: false, parsing: false,
            plugins: {
              title: { display: true, text: c.title + unit },
              legend: { display: false },
              tooltip: { callbacks: {
                title: function (items) { return items.length ? items[0].raw.threads + ' threads' : ''; },
                label: function (item) {
                  var p = item.raw;
                  var ci = p.lo === undefined ? '' : ' [' + fmt(p.lo) + ', ' + fmt(p.hi) + ']';
                  return item.dataset.label + ': ' + fmt(p.y) + ci + (c.unit ? ' ' + c.unit : '');
                } } }
            },
            scales: {
              x: {
                type: 'linear', min: log2(threads[0]) - 0.3, max: log2(threads[threads.length - 1]) + 0.3,
                title: { display: true, text: 'client threads' },
                afterBuildTicks: function (axis) { axis.ticks = threads.map(function (t) { return { value: log2(t) }; }); },
                ticks: { callback: function (v) { return String(Math.round(Math.pow(2, v))); } }
              },
              // the axis fits the lines (Chart.js scales to the data; the bands are drawn apart and clipped)
              y: { grace: '10%', title: { display: !!c.unit, text: c.unit } }
            }
          },
          plugins: [bands]
        }));
      });
    });
    body.setAttribute('data-rendered', String(charts.length));
    requestAnimationFrame(function () {
      charts.forEach(function (chart) {
        chart.canvas.setAttribute('data-painted', String(paintedPixels(chart.canvas)));
      });
      var effects = document.querySelector('table.effects');
      if (effects) { body.setAttribute('data-effects-bottom', String(pageTop(effects) + effects.offsetHeight)); }
      if (charts.length) {
        body.setAttribute('data-first-chart-top', String(pageTop(charts[0].canvas)));
        body.setAttribute('data-first-chart-bottom', String(pageTop(charts[0].canvas) + charts[0].canvas.offsetHeight));
      }
      body.setAttribute('data-checked', 'true');
    });
  } catch (e) {
    body.setAttribute('data-render-error', String(e && e.message ? e.message : e));
    throw e;
  }
})();
