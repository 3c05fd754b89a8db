// How each trial went second by second (latency logs): events/s and p95 on the run's clock, one line per trial
// coloured by variant, the warmup shaded. Marks body[data-overtime] with the number of lines drawn.
(function () {
  var source = document.getElementById('overtime-data');
  if (!source || typeof Chart === 'undefined') {
    return;
  }
  var palette = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f',
    '#bcbd22', '#17becf'];
  var data = JSON.parse(source.textContent);
  var variants = [];
  data.series.forEach(function (s) { if (variants.indexOf(s.variant) < 0) { variants.push(s.variant); } });
  // spans of warmup on the run's clock, shaded behind the lines
  var warmups = [];
  data.series.forEach(function (s) {
    s.points.forEach(function (p, i) {
      if (p[3] === 1) {
        var next = s.points[i + 1];
        // an interval lasts until the next one, or a second where the load paused after it
        warmups.push([p[0], next && next[0] - p[0] <= 2.5 ? next[0] : p[0] + 1]);
      }
    });
  });
  var shade = {
    id: 'warmupShade',
    beforeDatasetsDraw: function (chart) {
      var x = chart.scales.x, area = chart.chartArea, ctx = chart.ctx;
      ctx.save();
      ctx.fillStyle = 'rgba(0, 0, 0, 0.07)';
      warmups.forEach(function (w) {
        var from = Math.max(area.left, x.getPixelForValue(w[0])), to = Math.min(area.right, x.getPixelForValue(w[1]));
        if (to > from) {
          ctx.fillRect(from, area.top, to - from, area.bottom - area.top);
        }
      });
      ctx.restore();
    }
  };
  function draw(id, column, title) {
    var canvas = document.getElementById(id);
    if (!canvas) {
      return 0;
    }
    var datasets = data.series.map(function (s) {
      var color = palette[variants.indexOf(s.variant) % palette.length];
      return {
        label: s.label, borderColor: color, backgroundColor: color, borderWidth: 1.5, pointRadius: 0,
        // a gap where the trial's load paused for the other variants' slices
        spanGaps: false,
        data: s.points.map(function (p, i) {
          var prev = s.points[i - 1];
          return prev && p[0] - prev[0] > 2.5 ? [{x: prev[0] + 1, y: null}, {x: p[0], y: p[column]}] : [{x: p[0], y: p[column]}];
        }).reduce(function (a, b) { return a.concat(b); }, [])
      };
    });
    new Chart(canvas, {
      type: 'line',
      data: {datasets: datasets},
      options: {
        animation: false, parsing: false, normalized: true, maintainAspectRatio: false,
        plugins: {legend: {display: data.series.length <= 12, position: 'bottom', labels: {boxWidth: 12}},
          title: {display: true, text: title}},
        scales: {x: {type: 'linear', title: {display: true, text: 'seconds since the run began (warmup shaded)'}},
          y: {beginAtZero: true}}
      },
      plugins: [shade]
    });
    return datasets.length;
  }
  var drawn = draw('overtime-rate', 1, 'Events per second (tps), each second') ;
  draw('overtime-p95', 2, 'Latency p95 (ms), each second');
  document.body.setAttribute('data-overtime', String(drawn));
})();
