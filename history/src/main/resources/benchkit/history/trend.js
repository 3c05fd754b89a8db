// Draws each series of #report-data (report.html's page, filled by TrendReport): one point per run (x: its time or label), its interval over forks as a bar, each
// segment's level as a line and each change point as a dashed line. Marks the page for tests: body[data-rendered] =
// charts created, canvas[data-changes] = change lines drawn; body[data-render-error] on failure.
(function () {
  'use strict';
  var body = document.body;

  function fmt(v) {
    var a = Math.abs(v);
    return a >= 1000 ? v.toFixed(0) : a >= 100 ? v.toFixed(1) : a >= 10 ? v.toFixed(2) : v.toFixed(3);
  }

  // Chart.js draws no error bars or rules of its own: interval bars, segment levels and change lines, clipped to the plot.
  var marks = {
    id: 'benchkitTrend',
    afterDatasetsDraw: function (chart) {
      var ctx = chart.ctx, x = chart.scales.x, y = chart.scales.y, area = chart.chartArea;
      var series = chart.options.plugins.benchkitTrend.series, drawn = 0;
      ctx.save();
      ctx.beginPath();
      ctx.rect(area.left, area.top, area.right - area.left, area.bottom - area.top);
      ctx.clip();
      ctx.strokeStyle = '#1f77b4';
      ctx.lineWidth = 1.5;
      series.points.forEach(function (p, i) {
        if (p.lo === undefined) { return; }
        var px = x.getPixelForValue(i);
        ctx.beginPath();
        ctx.moveTo(px, y.getPixelForValue(p.lo)); ctx.lineTo(px, y.getPixelForValue(p.hi));
        ctx.moveTo(px - 3, y.getPixelForValue(p.lo)); ctx.lineTo(px + 3, y.getPixelForValue(p.lo));
        ctx.moveTo(px - 3, y.getPixelForValue(p.hi)); ctx.lineTo(px + 3, y.getPixelForValue(p.hi));
        ctx.stroke();
      });
      ctx.strokeStyle = '#2ca02c';
      ctx.lineWidth = 2;
      series.segments.forEach(function (s) {
        ctx.beginPath();
        ctx.moveTo(x.getPixelForValue(s.from) - 4, y.getPixelForValue(s.level));
        ctx.lineTo(x.getPixelForValue(s.to) + 4, y.getPixelForValue(s.level));
        ctx.stroke();
      });
      ctx.strokeStyle = '#d62728';
      ctx.setLineDash([6, 4]);
      series.changes.forEach(function (c) {
        var px = (x.getPixelForValue(c - 1) + x.getPixelForValue(c)) / 2;
        ctx.beginPath();
        ctx.moveTo(px, area.top); ctx.lineTo(px, area.bottom);
        ctx.stroke();
        drawn++;
      });
      ctx.restore();
      chart.canvas.setAttribute('data-changes', String(drawn));
    }
  };

  try {
    var data = JSON.parse(document.getElementById('report-data').textContent);
    var made = 0;
    data.forEach(function (s) {
      var canvas = document.getElementById(s.id);
      var values = s.points.map(function (p) { return p.v; });
      // the axis fits the runs' values; a wide interval of few forks is clipped rather than squashing the trend
      var min = Math.min.apply(null, values), max = Math.max.apply(null, values), pad = (max - min) * 0.25 || max * 0.05;
      new Chart(canvas, {
        type: 'line',
        data: {
          labels: s.points.map(function (p) { return p.x; }),
          datasets: [{ label: s.title, data: values, showLine: false, pointRadius: 3.5, borderColor: '#1f77b4',
                       backgroundColor: '#1f77b4' }]
        },
        options: {
          animation: false, maintainAspectRatio: false,
          scales: {
            y: { suggestedMin: Math.max(0, min - pad), suggestedMax: max + pad, title: { display: true, text: s.title + (s.unit ? ' (' + s.unit + ')' : '') } },
            x: { ticks: { maxRotation: 60, autoSkip: true } }
          },
          plugins: {
            legend: { display: false },
            benchkitTrend: { series: s },
            tooltip: { callbacks: {
              label: function (c) {
                var p = s.points[c.dataIndex];
                return fmt(p.v) + (p.lo === undefined ? '' : ' [' + fmt(p.lo) + ', ' + fmt(p.hi) + ']') + ' ' + s.unit;
              },
              afterLabel: function (c) { return s.points[c.dataIndex].run; }
            } }
          }
        },
        plugins: [marks]
      });
      made++;
    });
    body.setAttribute('data-rendered', String(made));
  } catch (e) {
    body.setAttribute('data-render-error', String(e && e.message || e));
    throw e;
  }
})();
