// Flame graphs of the server's CPU (--profile cpu): the one picked, and its differential against the baseline.
(function () {
  var source = document.getElementById('flame-data');
  if (!source) {
    return;
  }
  var data = JSON.parse(source.textContent);
  var pick = document.getElementById('flame-pick');
  var plain = document.getElementById('flame-graph');
  var diff = document.getElementById('flame-diff');
  var caption = document.getElementById('flame-diff-caption');
  function chart(width) {
    return flamegraph.default().width(width).cellHeight(16).minFrameSize(2).transitionDuration(0).sort(true)
      .title('');
  }
  function draw() {
    var g = data.graphs[pick.selectedIndex];
    var width = Math.max(600, plain.clientWidth || 960);
    plain.innerHTML = '';
    diff.innerHTML = '';
    d3.select(plain).datum(g.tree).call(chart(width));
    if (g.diff) {
      caption.textContent = g.variant + ' against ' + data.baseline + ' at ' + g.threads + ' threads: red where '
        + g.variant + ' spends more of its CPU, blue where less (widths are ' + g.variant + '\u2019s samples)';
      d3.select(diff).datum(g.diff).call(chart(width).setColorMapper(flamegraph.colorMapper.differentialColorMapper));
    } else {
      var others = data.graphs.some(function (o) { return o.variant !== g.variant; });
      caption.textContent = !others ? 'One variant: no baseline to draw a differential flame graph against'
        : g.variant === data.baseline ? g.variant + ' is the baseline: pick another variant for its differential flame graph'
        : 'no profile of ' + data.baseline + ' at ' + g.threads + ' threads to compare with';
    }
  }
  pick.addEventListener('change', draw);
  // open on the first variant that differs from a baseline: its differential graph is the answer
  var first = data.graphs.findIndex(function (g) { return g.diff; });
  pick.selectedIndex = Math.max(0, first);
  draw();
})();
