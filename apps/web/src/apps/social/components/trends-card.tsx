import TagIcon from '@mui/icons-material/Tag';
import { Card, CardContent, CardHeader, Link, List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { useTrends } from '../api/get-trends';
import { trendPath } from './post-text';

/** Contract §5.8: the top hashtags of the last day, each a link to its trend page. */
export function TrendsCard() {
  const trends = useTrends();
  return (
    <Card component="section" aria-labelledby="trends-title" data-testid="trends">
      <CardHeader
        avatar={<TagIcon color="primary" />}
        title={
          <Typography id="trends-title" variant="h4" component="h2">
            Trends
          </Typography>
        }
        sx={{ pb: 0 }}
      />
      <CardContent sx={{ pt: 1 }}>
        {trends.isPending && [1, 2, 3].map((n) => <Skeleton key={n} height={40} />)}
        {trends.isError && <Typography color="text.secondary">Trends are not available right now.</Typography>}
        {trends.data?.length === 0 && <Typography color="text.secondary">No hashtags yet. Start one with #something!</Typography>}
        {trends.data && trends.data.length > 0 && (
          <List dense disablePadding>
            {trends.data.map((trend) => (
              <ListItem key={trend.id} disableGutters sx={{ py: 0.25 }}>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={trendPath(trend.hashtag)} sx={{ fontWeight: 500 }}>
                      #{trend.hashtag}
                    </Link>
                  }
                />
                <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0, ml: 1 }}>
                  {trend.occurences} post{trend.occurences === 1 ? '' : 's'}
                </Typography>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
