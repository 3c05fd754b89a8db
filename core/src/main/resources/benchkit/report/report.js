// Draws one line chart per metric from the JSON in #report-data, then marks the page:
// body[data-rendered] = charts created, canvas[data-painted] = painted pixels seen,
// canvas[data-error-bars] = error bars drawn; body[data-render-error] on failure.
(function () {
  'use strict';
  var body = document.body;
  // Shapes as well as colours, so a line hidden under another still shows its points.
  var shapes = ['circle', 'rectRot', 'triangle', 'rect', 'star', 'crossRot'];
  var palette = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f',
                 '#bcbd22', '#17becf'];

  function fmt(v) {
    if (v === null || v === undefined) { return 'n/a'; }
    var a = Math.abs(v);
    return a >= 1000 ? v.toFixed(0) : a >= 100 ? v.toFixed(1) : a >= 10 ? v.toFixed(2) : v.toFixed(3);
  }

  // Chart.js has no error bars: draw each point's confidence interval as a vertical bar with caps.
  var errorBars = {
    id: 'benchkitErrorBars',
    afterDatasetsDraw: function (chart) {
      var ctx = chart.ctx, y = chart.scales.y, drawn = 0;
      chart.data.datasets.forEach(function (ds, di) {
        var meta = chart.getDatasetMeta(di);
        if (meta.hidden) { return; }
        meta.data.forEach(function (point, i) {
          var lo = ds.ciLow[i], hi = ds.ciHigh[i];
          if (lo === null || hi === null || point.skip) { return; }
          var top = y.getPixelForValue(hi), bottom = y.getPixelForValue(lo), x = point.x;
          ctx.save();
          ctx.strokeStyle = ds.borderColor;
          ctx.lineWidth = 1.5;
          ctx.beginPath();
          ctx.moveTo(x, top); ctx.lineTo(x, bottom);
          ctx.moveTo(x - 5, top); ctx.lineTo(x + 5, top);
          ctx.moveTo(x - 5, bottom); ctx.lineTo(x + 5, bottom);
          ctx.stroke();
          ctx.restore();
          drawn++;
        });
      });
      chart.canvas.setAttribute('data-error-bars', String(drawn));
    }
  };

  function paintedPixels(canvas) {
    var ctx = canvas.getContext('2d');
    var pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data, n = 0;
    for (var i = 3; i < pixels.length; i += 16) { if (pixels[i] !== 0) { n++; } }
    return n;
  }

  try {
    var data = JSON.parse(document.getElementById('report-data').textContent);
    var labels = data.threads.map(String);
    var charts = [];
    data.charts.forEach(function (c, index) {
      var canvas = document.getElementById('chart-' + index);
      var max = 0;
      var datasets = c.series.map(function (s) {
        var color = palette[s.variant % palette.length];
        s.y.concat(s.ciHigh).forEach(function (v) { if (v !== null && v > max) { max = v; } });
        return {
          label: data.variants[s.variant], data: s.y, ciLow: s.ciLow, ciHigh: s.ciHigh,
          borderColor: color, backgroundColor: color, pointStyle: shapes[s.variant % shapes.length], pointRadius: 4, borderWidth: 2, spanGaps: true
        };
      });
      var unit = c.unit ? ' (' + c.unit + ')' : '';
      charts.push(new Chart(canvas, {
        type: 'line',
        data: { labels: labels, datasets: datasets },
        options: {
          animation: false, responsive: true, maintainAspectRatio: false,
          plugins: {
            title: { display: true, text: c.title + unit },
            legend: { position: 'bottom' },
            tooltip: { callbacks: { label: function (item) {
              var ds = item.dataset, i = item.dataIndex, lo = ds.ciLow[i], hi = ds.ciHigh[i];
              var ci = lo === null || hi === null ? '' : ' [' + fmt(lo) + ', ' + fmt(hi) + ']';
              return ds.label + ': ' + fmt(item.parsed.y) + ci + (c.unit ? ' ' + c.unit : '');
            } } }
          },
          scales: {
            x: { title: { display: true, text: 'client threads' } },
            y: { beginAtZero: true, suggestedMax: max * 1.05, title: { display: !!c.unit, text: c.unit } }
          }
        },
        plugins: [errorBars]
      }));
    });
    body.setAttribute('data-rendered', String(charts.length));
    requestAnimationFrame(function () {
      charts.forEach(function (chart) {
        chart.canvas.setAttribute('data-painted', String(paintedPixels(chart.canvas)));
      });
      body.setAttribute('data-checked', 'true');
    });
  } catch (e) {
    body.setAttribute('data-render-error', String(e && e.message ? e.message : e));
    throw e;
  }
})();
